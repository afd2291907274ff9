import { z } from 'zod';
import { AGE_MAX, AGE_MIN, INVALID_AGE, parseAgeInput } from '../rules/age';
import { todayInJapan } from '../rules/japan-time';
import { normalizeEmail, normalizePhone } from '../rules/normalize';
import { EMAIL_MAX_LENGTH, isEmailAddress } from '../rules/user';
import { type BirthDateProblem, parseBirthDate } from '../rules/wareki';
import { GENDERS } from '../rules/gender';
import { recordMetaSchema } from './record-meta';
import { TEXT_BOUND, storableString } from './text';

export const genderSchema = z.enum(GENDERS, { error: '性別の値が正しくありません' });

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
  birthDateFormat: '生年月日は「1985-04-01」や「昭和60年4月1日」の形で入力してください',
  birthDateNonexistent: '生年月日に存在しない日付が入力されています',
  birthDateOutsideEra: '生年月日の元号と日付が合っていません（昭和は64年1月7日まで、平成は元年1月8日からです）',
  birthDateFuture: '生年月日に未来の日付は入力できません',
  birthDateTooOld: '生年月日は1900年1月1日以降の日付を入力してください',
} as const;

const BIRTH_DATE_MESSAGES: Record<BirthDateProblem, string> = {
  format: CUSTOMER_MESSAGES.birthDateFormat,
  nonexistent: CUSTOMER_MESSAGES.birthDateNonexistent,
  outsideEra: CUSTOMER_MESSAGES.birthDateOutsideEra,
  future: CUSTOMER_MESSAGES.birthDateFuture,
  tooOld: CUSTOMER_MESSAGES.birthDateTooOld,
};

// Digits, hyphens, spaces, parentheses and a leading plus, once full-width ones are made half-width.
const PHONE_PATTERN = /^\+?[0-9()\-\s]{1,20}$/;

const text = (max: number, message: string) => storableString(undefined, { message }).trim().max(max, message);

/*
 * Typed text is normalised (full width to half, see rules/normalize) before a field's rules check it,
 * so the form, the local mutator and the server store the same value. Each preprocess declares what
 * callers may pass; any other value reaches the rules unchanged and is refused there.
 */
// Text longer than any field is passed on unread, for the field's length check to refuse.
const onText = (normalize: (text: string) => string) => (value: string) =>
  typeof value === 'string' && value.length <= TEXT_BOUND ? normalize(value) : value;

/** A number, or digits as typed (３５ too); blank is no age. "35歳" or 200 is refused, never cleaned up. */
const age = z.preprocess(
  (value: number | string | null, ctx) => {
    const parsed = parseAgeInput(value);
    if (parsed !== INVALID_AGE) return parsed;
    ctx.addIssue({ code: 'custom', message: CUSTOMER_MESSAGES.ageInvalid, input: value });
    return value;
  },
  z
    .number({ error: CUSTOMER_MESSAGES.ageInvalid })
    .int(CUSTOMER_MESSAGES.ageInvalid)
    .min(AGE_MIN, CUSTOMER_MESSAGES.ageInvalid)
    .max(AGE_MAX, CUSTOMER_MESSAGES.ageInvalid)
    .nullable(),
);

/** 西暦 or 和暦 as typed (see rules/wareki), kept as YYYY-MM-DD; blank is none. Checked against today in Japan. */
const birthDate = z.preprocess(
  (value: string | null, ctx) => {
    if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return null;
    if (typeof value !== 'string') return value;
    const parsed = parseBirthDate(value, todayInJapan());
    if (parsed.ok) return parsed.date;
    ctx.addIssue({ code: 'custom', message: BIRTH_DATE_MESSAGES[parsed.problem], input: value });
    return value;
  },
  z.iso.date({ error: CUSTOMER_MESSAGES.birthDateFormat }).nullable(),
);

/** The fields a person edits; one definition for the form, the local mutator and the server. */
export const customerFieldsSchema = z.object({
  name: storableString({ error: CUSTOMER_MESSAGES.nameRequired }, { message: CUSTOMER_MESSAGES.nameTooLong })
    .trim()
    .max(100, CUSTOMER_MESSAGES.nameTooLong)
    .min(1, CUSTOMER_MESSAGES.nameRequired),
  nameKana: text(100, CUSTOMER_MESSAGES.kanaTooLong),
  age,
  birthDate,
  gender: genderSchema,
  phone: z.preprocess(
    onText(normalizePhone),
    storableString({ error: CUSTOMER_MESSAGES.phoneRequired }, { max: 64, message: CUSTOMER_MESSAGES.phoneInvalid })
      .min(1, CUSTOMER_MESSAGES.phoneRequired)
      .regex(PHONE_PATTERN, CUSTOMER_MESSAGES.phoneInvalid),
  ),
  email: z.preprocess(
    onText(normalizeEmail),
    storableString(undefined, { max: EMAIL_MAX_LENGTH, message: CUSTOMER_MESSAGES.emailInvalid }).refine(
      (v) => v === '' || isEmailAddress(v),
      CUSTOMER_MESSAGES.emailInvalid,
    ),
  ),
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
  birthDate: customerFieldsSchema.shape.birthDate.default(null),
  gender: genderSchema.default('unset'),
  email: customerFieldsSchema.shape.email.default(''),
  address: customerFieldsSchema.shape.address.default(''),
  medicalHistory: customerFieldsSchema.shape.medicalHistory.default(''),
});
export type NewCustomerFields = z.input<typeof newCustomerFieldsSchema>;

/** A customer as stored and synced. `chartNumber` (カルテ番号) is made by the server on first sync. */
export const customerSchema = customerFieldsSchema
  .extend({
    id: z.uuid(),
    chartNumber: z.number().int().positive().nullable(),
    // As stored: not checked against this device's clock, which must not make a pull fail.
    birthDate: z.iso.date().nullable(),
  })
  .extend(recordMetaSchema.shape);
export type Customer = z.infer<typeof customerSchema>;

/**
 * How many customers one search against the server answers when the caller names no limit: the spec's
 * helper asks for 20 (spec 7, 9). The screens search the device's own copy and are not bound by it.
 */
export const CUSTOMER_SEARCH_LIMIT = 20;
