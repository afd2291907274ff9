import { z } from 'zod';
import { isCalendarDate } from '../rules/calendar-date';
import { toHalfWidth } from '../rules/normalize';
import { INVALID_PRICE, PRICE_MAX, parsePriceInput } from '../rules/price';
import { recordMetaSchema } from './record-meta';
import { storableString } from './text';

export const VISIT_MESSAGES = {
  /** The spec's message for either of the two required fields. */
  required: '日付と顧客は必須です',
  dateInvalid: '日付は「2026-11-23」の形で、存在する日付を入力してください',
  priceInvalid: `料金は0から${PRICE_MAX.toLocaleString('ja-JP')}までの整数（円）で入力してください`,
  menuTooLong: '施術メニューは100文字以内で入力してください',
  staffTooLong: '担当者は100文字以内で入力してください',
  notesTooLong: 'メモは2000文字以内で入力してください',
} as const;

const text = (max: number, message: string) => storableString(undefined, { message }).trim().max(max, message);

/** A number, or digits as typed (３０００, 3,000); blank is no price. "3000円" or 3.5 is refused. */
const price = z.preprocess(
  (value: number | string | null, ctx) => {
    const parsed = parsePriceInput(value);
    if (parsed !== INVALID_PRICE) return parsed;
    ctx.addIssue({ code: 'custom', message: VISIT_MESSAGES.priceInvalid, input: value });
    return value;
  },
  z
    .number({ error: VISIT_MESSAGES.priceInvalid })
    .int(VISIT_MESSAGES.priceInvalid)
    .min(0, VISIT_MESSAGES.priceInvalid)
    .max(PRICE_MAX, VISIT_MESSAGES.priceInvalid)
    .nullable(),
);

/** YYYY-MM-DD, full-width digits accepted; blank is "required". */
const date = z.preprocess(
  (value: string) => (typeof value === 'string' ? toHalfWidth(value).trim() : value),
  storableString({ error: VISIT_MESSAGES.required })
    // Blank says only "required", not also "not a date".
    .min(1, { message: VISIT_MESSAGES.required, abort: true })
    .refine(isCalendarDate, { message: VISIT_MESSAGES.dateInvalid, abort: true })
    .refine((d) => d >= '1900-01-01' && d <= '2100-12-31', VISIT_MESSAGES.dateInvalid),
);

/** The fields a person edits; one definition for the form, the local mutator and the server. */
export const visitFieldsSchema = z.object({
  customerId: z.uuid({ error: VISIT_MESSAGES.required }),
  date,
  serviceMenu: text(100, VISIT_MESSAGES.menuTooLong),
  price,
  staffName: text(100, VISIT_MESSAGES.staffTooLong),
  notes: text(2000, VISIT_MESSAGES.notesTooLong),
});
export type VisitFields = z.infer<typeof visitFieldsSchema>;
export type VisitField = keyof VisitFields;
export const VISIT_FIELDS = Object.keys(visitFieldsSchema.shape) as VisitField[];

/** What a new visit may omit: everything but the date and the customer. */
export const newVisitFieldsSchema = visitFieldsSchema.extend({
  serviceMenu: visitFieldsSchema.shape.serviceMenu.default(''),
  price: visitFieldsSchema.shape.price.default(null),
  staffName: visitFieldsSchema.shape.staffName.default(''),
  notes: visitFieldsSchema.shape.notes.default(''),
});
export type NewVisitFields = z.input<typeof newVisitFieldsSchema>;

/** A visit (来院記録) as stored and synced. The customer's name is joined where it is shown. */
export const visitSchema = visitFieldsSchema.extend({ id: z.uuid() }).extend(recordMetaSchema.shape);
export type Visit = z.infer<typeof visitSchema>;
