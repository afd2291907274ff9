import {
  averagePain,
  currentLevels,
  historyChipBand,
  maxPain,
  painExtent,
  painSummary,
} from '@clinic/sync-protocol/body';

type Marked = { painLevel: number; resolved?: boolean; region: string | null };

/** The numbers a record is summed up by, in the list and on the まとめ tab. */
export type PainFigures = {
  /** Every marked spot, healed ones included. */
  total: number;
  /** Spots that hurt now. */
  spots: number;
  /** Spots marked 消失 (healed). */
  resolved: number;
  average: number | null;
  max: number | null;
  /** The spec's wording by the highest level (痛みの記録がありません when nothing hurts). */
  summary: string;
  /** Distinct regions that hurt now. */
  extent: number;
  /** The list's max-pain chip colour; null when nothing hurts. */
  chip: ReturnType<typeof historyChipBand> | null;
};

/**
 * A healed (消失) spot is not pain now: it adds nothing to the average, the maximum, the wording or the
 * extent (the body rules' currentLevels), so a record whose spots have all healed reads as painless.
 */
export function painFigures(markers: readonly Marked[]): PainFigures {
  const levels = currentLevels(markers);
  const max = maxPain(levels);
  return {
    total: markers.length,
    spots: levels.length,
    resolved: markers.length - levels.length,
    average: averagePain(levels),
    max,
    summary: painSummary(max),
    extent: painExtent(markers),
    chip: max === null ? null : historyChipBand(max),
  };
}
