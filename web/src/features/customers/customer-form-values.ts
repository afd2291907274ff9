import {
  CUSTOMER_FIELDS,
  customerFieldsSchema,
  type Customer,
  type CustomerField,
  type CustomerFields,
  type Gender,
} from '@clinic/sync-protocol';

/** What the antd form holds: fields the person has not touched are undefined. */
export type CustomerFormValues = {
  name?: string;
  nameKana?: string;
  age?: number | null;
  gender?: Gender;
  phone?: string;
  email?: string;
  address?: string;
  medicalHistory?: string;
};

export function formValuesOf(customer: Customer | null): CustomerFormValues {
  if (!customer) return { gender: 'unset', age: null };
  const { name, nameKana, age, gender, phone, email, address, medicalHistory } = customer;
  return { name, nameKana, age, gender, phone, email, address, medicalHistory };
}

/** Fills what the form left empty, so the schema judges the value and not its absence. */
function rawValue(field: CustomerField, value: unknown): unknown {
  switch (field) {
    case 'age':
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

/** The whole form as clean fields (trimmed by the schema); throws only if the form skipped validation. */
export function toCustomerFields(values: CustomerFormValues): CustomerFields {
  const raw = Object.fromEntries(CUSTOMER_FIELDS.map((f) => [f, rawValue(f, values[f])]));
  return customerFieldsSchema.parse(raw);
}
