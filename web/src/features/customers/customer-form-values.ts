import {
  CUSTOMER_FIELDS,
  customerAge,
  customerFieldsSchema,
  formatBirthDate,
  toFullWidthKatakana,
  todayInJapan,
  type Customer,
  type CustomerField,
  type CustomerFields,
  type Gender,
} from '@clinic/sync-protocol';

/**
 * What the antd form holds: text as typed (年齢 too: a text box keeps ３５ or 200 for the schema to judge,
 * where a number box would drop or clamp them). Fields the person has not touched may be undefined.
 */
export type CustomerFormValues = {
  name?: string;
  nameKana?: string;
  age?: string;
  /** 西暦 or 和暦 as typed (1985-04-01, 昭和60年4月1日, S60.4.1); stored as YYYY-MM-DD. */
  birthDate?: string;
  gender?: Gender;
  phone?: string;
  email?: string;
  address?: string;
  medicalHistory?: string;
};

export function formValuesOf(customer: Customer | null): CustomerFormValues {
  if (!customer) return { gender: 'unset' };
  const { name, nameKana, age, birthDate, gender, phone, email, address, medicalHistory } = customer;
  return {
    name,
    nameKana,
    age: age === null ? '' : String(age),
    birthDate: birthDate ?? '',
    gender,
    phone,
    email,
    address,
    medicalHistory,
  };
}

/** Fills what the form left empty, so the schema judges the value and not its absence. */
function rawValue(field: CustomerField, value: unknown): unknown {
  switch (field) {
    case 'age':
    case 'birthDate':
      return value ?? null;
    case 'gender':
      return value ?? 'unset';
    case 'name':
    case 'nameKana':
    case 'phone':
    case 'email':
    case 'address':
    case 'medicalHistory':
      return value ?? '';
  }
}

/** The schema's Japanese message for one field, or null: the form and the mutator share one rule set. */
export function fieldError(field: CustomerField, value: unknown): string | null {
  const result = customerFieldsSchema.shape[field].safeParse(rawValue(field, value));
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

/** Every field's problem, as antd's `form.setFields` takes them; empty when the form can be saved. */
export function formErrors(values: CustomerFormValues): { name: CustomerField; errors: string[] }[] {
  const problems: { name: CustomerField; errors: string[] }[] = [];
  for (const field of CUSTOMER_FIELDS) {
    const message = fieldError(field, values[field]);
    if (message) problems.push({ name: field, errors: [message] });
  }
  return problems;
}

const rawValues = (values: CustomerFormValues) =>
  Object.fromEntries(CUSTOMER_FIELDS.map((f) => [f, rawValue(f, values[f])]));

/**
 * The フリガナ as stored: full-width katakana however it was typed (ｽｽﾞｷ, すずき). Applied here and by the
 * server's mutators rather than in the shared schema, so the wire protocol stays as it is.
 */
const withStoredKana = (fields: CustomerFields): CustomerFields => ({
  ...fields,
  nameKana: toFullWidthKatakana(fields.nameKana),
});

/** The whole form as clean fields (normalised by the schema); throws only if the form skipped validation. */
export function toCustomerFields(values: CustomerFormValues): CustomerFields {
  return withStoredKana(customerFieldsSchema.parse(rawValues(values)));
}

/**
 * What an edit is compared with: the stored customer as its unchanged form would save it, so a value the
 * schema now writes differently (a full-width phone from before) is not taken for the person's change.
 * A record the rules no longer accept (a birth date past this device's date) is compared as stored.
 */
export function originalFields(customer: Customer): CustomerFields {
  const parsed = customerFieldsSchema.safeParse(rawValues(formValuesOf(customer)));
  if (parsed.success) return withStoredKana(parsed.data);
  const { name, nameKana, age, birthDate, gender, phone, email, address, medicalHistory } = customer;
  return { name, nameKana, age, birthDate: birthDate ?? null, gender, phone, email, address, medicalHistory };
}

/**
 * The text the schema will store for a typed value (０９０ー１２３４ー５６７８ -> 090-1234-5678, ３５ -> 35),
 * or null when the value is not valid yet or is stored as typed. The form puts it in the field when the
 * person leaves it, so what they see is what is saved.
 */
export function storedText(field: CustomerField, value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const result = customerFieldsSchema.shape[field].safeParse(rawValue(field, value));
  if (!result.success) return null;
  const parsed = result.data === null ? '' : String(result.data);
  const stored = field === 'nameKana' ? toFullWidthKatakana(parsed) : parsed;
  return stored === value ? null : stored;
}

/** What a typed birth date means, for the line under the field: 昭和60年4月1日（1985年） and the age today. */
export function birthDateSummary(
  value: unknown,
  today: string = todayInJapan(),
): { date: string; age: number | null } | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  const result = customerFieldsSchema.shape.birthDate.safeParse(value);
  if (!result.success || result.data === null) return null;
  return { date: formatBirthDate(result.data), age: customerAge({ age: null, birthDate: result.data }, today) };
}
