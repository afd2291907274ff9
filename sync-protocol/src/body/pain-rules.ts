/** Pain rules of spec 5 and 9 and of issue 10 §4, shared by the screens, the chart and the server. */

export const HIGH_PAIN_LEVEL = 7;

export type PainBand = 'red' | 'orange' | 'yellow' | 'green';
export type MarkerColour = { band: PainBand; fill: string; text: string };

/**
 * Each fill stands out from the white figure by at least 3:1 (WCAG for graphics), and the number
 * printed on a marker reads on its fill by at least 4.5:1; the test computes both.
 */
const MARKER_COLOURS: Record<PainBand, Omit<MarkerColour, 'band'>> = {
  red: { fill: '#dc2626', text: '#ffffff' },
  orange: { fill: '#ea580c', text: '#000000' },
  yellow: { fill: '#b58900', text: '#000000' },
  green: { fill: '#16a34a', text: '#000000' },
};

/** Body map and list: 8+ red, 6-7 orange, 4-5 yellow, below 4 green. */
export function painBand(level: number): PainBand {
  if (level >= 8) return 'red';
  if (level >= 6) return 'orange';
  if (level >= 4) return 'yellow';
  return 'green';
}

export function markerColour(level: number): MarkerColour {
  const band = painBand(level);
  return { band, ...MARKER_COLOURS[band] };
}

/** The history list's max-pain chip: red at 7 or more, orange at 4 or more, else green. */
export function historyChipBand(maxLevel: number): Exclude<PainBand, 'yellow'> {
  if (maxLevel >= 7) return 'red';
  if (maxLevel >= 4) return 'orange';
  return 'green';
}

export const PAIN_SUMMARIES = {
  strong: '強い痛みがあります',
  moderate: '中程度の痛みがあります',
  mild: '軽度の痛みがあります',
  slight: '軽微な不快感があります',
  none: '痛みの記録がありません',
} as const;

/** The summary wording by the highest level; null when nothing is marked. */
export function painSummary(maxLevel: number | null): string {
  if (maxLevel === null) return PAIN_SUMMARIES.none;
  if (maxLevel >= 8) return PAIN_SUMMARIES.strong;
  if (maxLevel >= 5) return PAIN_SUMMARIES.moderate;
  if (maxLevel >= 3) return PAIN_SUMMARIES.mild;
  return PAIN_SUMMARIES.slight;
}

/** Mean to one decimal, half up; null for no levels. Summed in tenths so 1.15 is 1.2, not 1.1. */
export function averagePain(levels: readonly number[]): number | null {
  if (levels.length === 0) return null;
  const sum = levels.reduce((total, level) => total + level, 0);
  return Math.round((sum * 10) / levels.length) / 10;
}

export function maxPain(levels: readonly number[]): number | null {
  return levels.length === 0 ? null : Math.max(...levels);
}

type Marked = { painLevel: number; resolved?: boolean };

/**
 * The levels that hurt now: a healed (消失) marker is left out, so a record whose spots have all
 * healed reads 痛みの記録がありません rather than a pain level. (The history counts it as 0 instead;
 * see chronic-areas.ts.)
 */
export function currentLevels(markers: readonly Marked[]): number[] {
  return markers.flatMap((marker) => (marker.resolved ? [] : [marker.painLevel]));
}

export function highPainMarkers<T extends Marked>(markers: readonly T[]): T[] {
  return markers.filter((marker) => !marker.resolved && marker.painLevel >= HIGH_PAIN_LEVEL);
}

export type PainChange = '改善' | '悪化' | '変化なし';

/**
 * A change that matters on a 0-10 scale: at least 2 points or at least 30 % of where it started
 * (the clinically important difference). Compared in tenths, as levels and averages are kept, so
 * 10 → 7 is exactly 30 %. From 0 there is no percentage, only the 2 points.
 */
export function painChange(before: number, after: number): PainChange {
  const from = Math.round(before * 10);
  const drop = from - Math.round(after * 10);
  const matters = (change: number) => change >= 20 || (from > 0 && change * 10 >= from * 3);
  if (drop > 0 && matters(drop)) return '改善';
  if (drop < 0 && matters(-drop)) return '悪化';
  return '変化なし';
}

/** Pain extent: how many distinct regions a record marks. A healed (消失) spot is not pain now. */
export function painExtent(markers: readonly { region: string | null; resolved?: boolean }[]): number {
  return new Set(markers.flatMap((marker) => (marker.region && !marker.resolved ? [marker.region] : []))).size;
}
