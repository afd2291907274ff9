import { formatYen, japanDateTime, japanDay, japanTimeOfDay } from '@clinic/sync-protocol/rules';
import { ja } from '../../i18n/ja';

/** What the picker needs of a visit: the screen's hook reads them for the chosen customer. */
export type VisitChoice = { id: string; date: string; serviceMenu: string; price: number | null; createdAt: string };

const t = ja.pickers.visit;

/** The day, with the time it was recorded when that was the same day (the visit itself has no time). */
function when(visit: VisitChoice): string {
  const recordedThatDay = japanDay(new Date(visit.createdAt)) === visit.date;
  return recordedThatDay ? `${visit.date} ${japanTimeOfDay(visit.createdAt)}` : visit.date;
}

/**
 * Each visit's line in the picker: 2026-11-20 10:30　鍼灸　¥6,000. Two visits of one day differ by
 * their time or price; lines that would still read the same also say when each was recorded.
 */
export function visitLabels(visits: readonly VisitChoice[]): Map<string, string> {
  const lines = visits.map((v) => [when(v), v.serviceMenu.trim(), formatYen(v.price)].filter(Boolean).join('　'));
  const seen = new Map<string, number>();
  for (const line of lines) seen.set(line, (seen.get(line) ?? 0) + 1);
  return new Map(
    visits.map((v, i) => {
      const line = lines[i]!;
      return [v.id, seen.get(line)! > 1 ? `${line}　${t.recorded(japanDateTime(v.createdAt))}` : line];
    }),
  );
}
