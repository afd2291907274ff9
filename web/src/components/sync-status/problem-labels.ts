import type { FieldOf, SyncedTable } from '@clinic/sync-protocol';
import { japanDateTime, japanDay, japanTimeOfDay } from '@clinic/sync-protocol/rules';
import { type ConflictView } from '../../sync';
import { entityOfMutation, entityOfTable } from '../../data';
import { ja } from '../../i18n/ja';

const t = ja.syncProblems;

/** What kind of change a refused mutation was (顧客の登録, …), by its entity's labels. */
export function mutationLabel(name: string): string {
  const found = entityOfMutation(name);
  return found ? found.entity.mutationLabels[found.name] : t.unknownMutation;
}

/** The field's label in its entity's form; a field this version does not know shows as stored. */
export function fieldLabel(table: string, field: string): string {
  const labels: Readonly<Record<string, string>> = entityOfTable(table)?.entity.fieldLabels ?? {};
  return labels[field] ?? field;
}

/** The name shown for a record that is not on this device. */
export function unknownRecord(table: string): string {
  return entityOfTable(table)?.entity.unknownRecord ?? t.unknownRecord;
}

/** A stored value as a person reads it: empty is said so, coded values in Japanese by their entity. */
export function formatValue(table: string, field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return t.emptyValue;
  const entity = entityOfTable(table)?.entity;
  const shown =
    entity && Object.hasOwn(entity.fieldLabels, field)
      ? entity.formatValue(field as FieldOf<SyncedTable>, value)
      : null;
  if (shown !== null) return shown;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value); // what else a stored (JSON) value can be: an object or a list
}

/** The fields a refused update changed, by their labels (電話番号、メールアドレス); empty for other changes. */
export function changedFieldLabels(name: string, args: unknown): string[] {
  const table = entityOfMutation(name)?.table;
  const patch =
    typeof args === 'object' && args !== null && Object.hasOwn(args, 'patch')
      ? (args as { patch: unknown }).patch
      : null;
  if (!table || typeof patch !== 'object' || patch === null) return [];
  return Object.keys(patch).map((field) => fieldLabel(table, field));
}

/** A value inside a sentence: 「03-1111-1111」, or 空欄 without quotes. */
function quoted(table: string, field: string, value: unknown): string {
  return value === null || value === undefined || value === '' ? t.blank : `「${formatValue(table, field, value)}」`;
}

/** 「山田 花子」の電話番号 */
export function conflictRecord(conflict: ConflictView): string {
  return t.conflictRecord(
    conflict.recordName ?? unknownRecord(conflict.table),
    fieldLabel(conflict.table, conflict.field),
  );
}

/** What was replaced by whom: 「山田 花子」の電話番号：staff1さんが入力した「…」が、adminさんの変更で「…」に置き換わりました */
export function conflictSentence(conflict: ConflictView): string {
  const { table, field } = conflict;
  return t.conflict({
    record: conflict.recordName ?? unknownRecord(table),
    field: fieldLabel(table, field),
    lost: quoted(table, field, conflict.overwritten),
    lostBy: conflict.overwrittenBy,
    value: quoted(table, field, conflict.value),
    by: conflict.by,
  });
}

/** When a change was refused or overwritten: 2026/11/20 09:15, Japan time. */
export function formatTime(iso: string): string {
  return japanDateTime(iso, { dateSeparator: '/' });
}

/** 最終同期: the time today, the date too otherwise (11/20 09:05), Japan time. */
export function formatSyncedAt(iso: string, now: Date = new Date()): string {
  const time = japanTimeOfDay(iso);
  if (time === '') return iso;
  const day = japanDay(new Date(iso));
  if (day === japanDay(now)) return time;
  const [, month, date] = day.split('-');
  return `${Number(month)}/${Number(date)} ${time}`;
}
