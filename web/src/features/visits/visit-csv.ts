import type { CsvRow } from '@clinic/sync-protocol/rules';
import { ja } from '../../i18n/ja';
import type { VisitView } from '../../data/live';
import { rangeParts, type DateRange } from './visit-range';

const t = ja.visits.csv;

/**
 * The rows of the CSV file: the header, then one line per visit in the list's order. 料金 is a plain
 * number (Excel can sum it), an empty menu an empty cell (未設定 is the screen's word, not data). カルテ番号
 * tells two patients of one name apart; empty for a customer the server has not numbered yet.
 */
export function visitCsvRows(visits: readonly VisitView[]): CsvRow[] {
  return [
    t.headers,
    ...visits.map((v) => [v.date, v.customerChartNumber, v.customerName, v.serviceMenu, v.price, v.staffName, v.notes]),
  ];
}

/** Characters Windows and macOS refuse in a file name, and control characters (U+0000–U+001F, U+007F). */
const unsafeInFilename = (ch: string) => '\\/:*?"<>|'.includes(ch) || ch < ' ' || ch === '\u007f';

/** 来院記録_2026-11-01_2026-11-30.csv, with the customer's name when the list shows one customer. */
export function visitCsvFilename(range: DateRange, customerName: string | null): string {
  const parts = rangeParts(range);
  if (customerName) parts.push(Array.from(customerName, (ch) => (unsafeInFilename(ch) ? '_' : ch)).join(''));
  return t.filename(parts);
}
