import { ja } from '../../i18n/ja';
import type { CustomerRecordCounts } from '../../data/live';

const t = ja.customers;
// Typed by the counts: a new kind of record (diagnoses, media) does not compile until it has its words.
const LABELS: { [K in keyof CustomerRecordCounts]: (n: number) => string } = t.recordCounts;
const KINDS = Object.keys(LABELS) as (keyof CustomerRecordCounts)[];

/**
 * The line under the delete question for a customer with records: how many of each kind, and that they
 * stay under the name marked 削除済み. Null when there are none (nothing to say).
 */
export function keptRecordsNote(counts: CustomerRecordCounts): string | null {
  const parts = KINDS.filter((kind) => counts[kind] > 0).map((kind) => LABELS[kind](counts[kind]));
  return parts.length === 0 ? null : t.deleteKeepsRecords(parts.join(t.recordCountsJoin));
}
