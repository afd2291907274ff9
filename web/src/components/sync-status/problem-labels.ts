import type { FieldOf, SyncedTable } from '@clinic/sync-protocol';
import dayjs from 'dayjs';
import { entityOfMutation, entityOfTable } from '../../sync';
import { ja } from '../../i18n/ja';

const t = ja.syncProblems;

/** What kind of change a refused mutation was (顧客の登録, …), by its entity's labels. */
export function mutationLabel(name: string): string {
  const found = entityOfMutation(name);
  return found ? found.entity.mutationLabels[found.name as keyof typeof found.entity.mutationLabels] : t.unknownMutation;
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
  const shown = entity && Object.hasOwn(entity.fieldLabels, field) ? entity.formatValue(field as FieldOf<SyncedTable>, value) : null;
  if (shown !== null) return shown;
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

export function formatTime(iso: string): string {
  const d = dayjs(iso);
  return d.isValid() ? d.format('YYYY/MM/DD HH:mm') : iso;
}

/** 最終同期: the time today, the date too otherwise. */
export function formatSyncedAt(iso: string, now = dayjs()): string {
  const d = dayjs(iso);
  return d.isSame(now, 'day') ? d.format('HH:mm') : d.format('M/D HH:mm');
}
