import { z } from 'zod';
import { isCalendarDate } from '../rules/calendar-date';
import { toHalfWidth } from '../rules/normalize';
import { recordMetaSchema } from './record-meta';
import { storableString } from './text';

export const DIAGNOSIS_MESSAGES = {
  /** Spec 5: the customer field's own message (the dialog's title is 入力エラー). */
  customerRequired: '顧客の選択は必須です',
  dateRequired: '診断日を入力してください',
  dateInvalid: '診断日は「2026-11-23」の形で、存在する日付を入力してください',
  generalHealthTooLong: '全体的な健康状態は2000文字以内で入力してください',
  notesTooLong: 'メモは2000文字以内で入力してください',
} as const;

const text = (max: number, message: string) => storableString(undefined, { message }).trim().max(max, message);

const date = z.preprocess(
  (value: string) => (typeof value === 'string' ? toHalfWidth(value).trim() : value),
  storableString({ error: DIAGNOSIS_MESSAGES.dateRequired })
    .min(1, { message: DIAGNOSIS_MESSAGES.dateRequired, abort: true })
    .refine(isCalendarDate, { message: DIAGNOSIS_MESSAGES.dateInvalid, abort: true })
    .refine((d) => d >= '1900-01-01' && d <= '2100-12-31', DIAGNOSIS_MESSAGES.dateInvalid),
);

/** The fields of a diagnosis record (診断記録) a person edits; its pain markers are records of their own. */
export const diagnosisFieldsSchema = z.object({
  customerId: z.uuid({ error: DIAGNOSIS_MESSAGES.customerRequired }),
  visitId: z.uuid().nullable(),
  date,
  generalHealth: text(2000, DIAGNOSIS_MESSAGES.generalHealthTooLong),
  notes: text(2000, DIAGNOSIS_MESSAGES.notesTooLong),
});
export type DiagnosisFields = z.infer<typeof diagnosisFieldsSchema>;
export type DiagnosisField = keyof DiagnosisFields;
export const DIAGNOSIS_FIELDS = Object.keys(diagnosisFieldsSchema.shape) as DiagnosisField[];

export const newDiagnosisFieldsSchema = diagnosisFieldsSchema.extend({
  visitId: diagnosisFieldsSchema.shape.visitId.default(null),
  generalHealth: diagnosisFieldsSchema.shape.generalHealth.default(''),
  notes: diagnosisFieldsSchema.shape.notes.default(''),
});

/** A diagnosis record as stored and synced. The customer's name is joined where it is shown. */
export const diagnosisSchema = diagnosisFieldsSchema.extend({ id: z.uuid() }).extend(recordMetaSchema.shape);
export type Diagnosis = z.infer<typeof diagnosisSchema>;
