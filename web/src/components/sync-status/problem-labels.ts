import { GENDERS, type Gender } from '@clinic/sync-protocol';
import dayjs from 'dayjs';
import { ja } from '../../i18n/ja';

const t = ja.syncProblems;
const labels: Record<string, string> = ja.customers.form.labels;

export function mutationLabel(name: string): string {
  return t.mutation[name] ?? t.unknownMutation;
}

export function fieldLabel(field: string): string {
  return labels[field] ?? field;
}

const isGender = (v: unknown): v is Gender => typeof v === 'string' && (GENDERS as readonly string[]).includes(v);

/** A stored value as a person reads it: empty is said so, gender in Japanese. */
export function formatValue(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return t.emptyValue;
  if (field === 'gender' && isGender(value)) return ja.customers.gender[value];
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
