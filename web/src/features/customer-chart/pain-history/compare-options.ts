import type { DiagnosisWithMarkers } from '../../../data/live';
import { jaPainHistory } from '../../../i18n/ja-pain-history';

/**
 * The records to pick from, newest first, named by date; two on one day are told apart by the order
 * they were entered (2026-11-20（2件目）).
 */
export function recordOptions(history: readonly DiagnosisWithMarkers[]): { value: string; label: string }[] {
  const sameDay = new Map<string, DiagnosisWithMarkers[]>();
  for (const entry of history) sameDay.set(entry.diagnosis.date, [...(sameDay.get(entry.diagnosis.date) ?? []), entry]);
  return history.map(({ diagnosis }) => {
    const day = sameDay.get(diagnosis.date) ?? [];
    const entered = [...day].sort((a, b) => a.diagnosis.createdAt.localeCompare(b.diagnosis.createdAt));
    const n = day.length > 1 ? entered.findIndex((e) => e.diagnosis.id === diagnosis.id) + 1 : null;
    return { value: diagnosis.id, label: jaPainHistory.compare.option(diagnosis.date, n) };
  });
}

/** The two records compared: as chosen, else (or once a chosen one is deleted) the latest two. */
export function chosenPair(
  history: readonly DiagnosisWithMarkers[],
  beforeId: string | null,
  afterId: string | null,
): { before: DiagnosisWithMarkers; after: DiagnosisWithMarkers } | null {
  const [latest, previous] = history;
  if (!latest || !previous) return null;
  const find = (id: string | null) => (id === null ? undefined : history.find((entry) => entry.diagnosis.id === id));
  return { before: find(beforeId) ?? previous, after: find(afterId) ?? latest };
}
