/**
 * The heat map's colours: five steps of one hue, light to dark, so more pain reads as darker on
 * either figure (ColorBrewer's sequential Reds). Level 0 is no heat and draws nothing.
 */
export const HEAT_COLOURS = ['#fcbba1', '#fc9272', '#fb6a4a', '#de2d26', '#a50f15'] as const;

/** The step of a level 0..10: (0, 2] is the first, (8, 10] the last; null for none. */
export function heatStep(level: number): number | null {
  if (!(level > 0)) return null;
  return Math.min(HEAT_COLOURS.length - 1, Math.ceil(level / 2) - 1);
}

export function heatColour(level: number): string | null {
  const step = heatStep(level);
  return step === null ? null : HEAT_COLOURS[step]!;
}

/** A level as a person reads it: one decimal for an average (6.5), none for a whole number (7). */
export function formatLevel(level: number): string {
  const rounded = Math.round(level * 10) / 10;
  return Number.isInteger(rounded) ? String(rounded) : rounded.toFixed(1);
}
