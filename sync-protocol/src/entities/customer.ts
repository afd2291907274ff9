import { z } from 'zod';
import { EMAIL_PATTERN } from '../rules/user';
import { recordMetaSchema } from './record-meta';
import { storableString } from './text';

export const GENDERS = ['female', 'male', 'unset'] as const;
export const genderSchema = z.enum(GENDERS, { error: '性別の値が正しくありません' });
export type Gender = z.infer<typeof genderSchema>;

export const CUSTOMER_MESSAGES = {
  nameRequired: '顧客名を入力してください',
  phoneRequired: '電話番号を入力してください',
  nameTooLong: '顧客名は100文字以内で入力してください',
  kanaTooLong: 'フリガナは100文字以内で入力してください',
  phoneInvalid: '電話番号は数字とハイフンで入力してください（20文字以内）',
  emailInvalid: '有効なメールアドレスを入力してください',
  ageInvalid: '年齢は0から150までの整数で入力してください',
  addressTooLong: '住所は200文字以内で入力してください',
  historyTooLong: '既往歴は2000文字以内で入力してください',
} as const;

// Digits (half- or full-width), hyphens, spaces, parentheses and a leading plus: how people write numbers.
const PHONE_PATTERN = /^[+＋]?[0-9０-９()（）\-‐－ー\s]{1,20}$/;

const text = (max: number, message: string) => storableString().trim().max(max, message);

/** The fields a person edits; one definition for the form, the local mutator and the server. */
export const customerFieldsSchema = z.object({
  name: storableString({ error: CUSTOMER_MESSAGES.nameRequired }).trim().max(100, CUSTOMER_MESSAGES.nameTooLong).min(1, CUSTOMER_MESSAGES.nameRequired),
  nameKana: text(100, CUSTOMER_MESSAGES.kanaTooLong),
  age: z.number({ error: CUSTOMER_MESSAGES.ageInvalid }).int(CUSTOMER_MESSAGES.ageInvalid).min(0, CUSTOMER_MESSAGES.ageInvalid).max(150, CUSTOMER_MESSAGES.ageInvalid).nullable(),
  gender: genderSchema,
  phone: storableString({ error: CUSTOMER_MESSAGES.phoneRequired }).trim().min(1, CUSTOMER_MESSAGES.phoneRequired).regex(PHONE_PATTERN, CUSTOMER_MESSAGES.phoneInvalid),
  email: storableString().trim().max(254, CUSTOMER_MESSAGES.emailInvalid).refine((v) => v === '' || EMAIL_PATTERN.test(v), CUSTOMER_MESSAGES.emailInvalid),
  address: text(200, CUSTOMER_MESSAGES.addressTooLong),
  medicalHistory: text(2000, CUSTOMER_MESSAGES.historyTooLong),
});
export type CustomerFields = z.infer<typeof customerFieldsSchema>;
export type CustomerField = keyof CustomerFields;
export const CUSTOMER_FIELDS = Object.keys(customerFieldsSchema.shape) as CustomerField[];

/** What a new customer may omit: everything but name and phone. */
export const newCustomerFieldsSchema = customerFieldsSchema.extend({
  nameKana: customerFieldsSchema.shape.nameKana.default(''),
  age: customerFieldsSchema.shape.age.default(null),
  gender: genderSchema.default('unset'),
  email: customerFieldsSchema.shape.email.default(''),
  address: customerFieldsSchema.shape.address.default(''),
  medicalHistory: customerFieldsSchema.shape.medicalHistory.default(''),
});
export type NewCustomerFields = z.input<typeof newCustomerFieldsSchema>;

/** A customer as stored and synced. `chartNumber` (カルテ番号) is made by the server on first sync. */
export const customerSchema = customerFieldsSchema.extend({
  id: z.uuid(),
  chartNumber: z.number().int().positive().nullable(),
}).extend(recordMetaSchema.shape);
export type Customer = z.infer<typeof customerSchema>;
