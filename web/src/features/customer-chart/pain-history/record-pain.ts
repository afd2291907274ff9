import { averagePain, maxPain, painChange, type PainChange } from '@clinic/sync-protocol/body';
import type { DiagnosisWithMarkers } from '../../../data/live';

type Marked = { painLevel: number; resolved?: boolean };

/** One record's pain as the history sees it: highest and mean level, one decimal. */
export type RecordPain = { id: string; date: string; max: number; average: number };

/**
 * The levels a record adds to the history: a healed (消失) spot counts as 0, as chronic-areas.ts
 * counts a healed region, so healing shows as a fall rather than the spot silently dropping out.
 */
export function historyLevels(markers: readonly Marked[]): number[] {
  return markers.map((marker) => (marker.resolved ? 0 : marker.painLevel));
}

/** Each record's pain, oldest first; a record with no spots at all has no level and is left out. */
export function recordPains(history: readonly DiagnosisWithMarkers[]): RecordPain[] {
  const oldestFirst = [...history].sort(
    (a, b) =>
      a.diagnosis.date.localeCompare(b.diagnosis.date) || a.diagnosis.createdAt.localeCompare(b.diagnosis.createdAt),
  );
  return oldestFirst.flatMap(({ diagnosis, markers }) => {
    const levels = historyLevels(markers);
    const max = maxPain(levels);
    const average = averagePain(levels);
    return max === null || average === null ? [] : [{ id: diagnosis.id, date: diagnosis.date, max, average }];
  });
}

export type RecordChange = { before: RecordPain; after: RecordPain; verdict: PainChange };

/**
 * The latest record against the one before it, judged on the highest level: the worst spot is what
 * the patient feels and what the history list's chip and wording go by. Null with fewer than two.
 */
export function latestChange(pains: readonly RecordPain[]): RecordChange | null {
  const after = pains.at(-1);
  const before = pains.at(-2);
  if (!after || !before) return null;
  return { before, after, verdict: painChange(before.max, after.max) };
}
