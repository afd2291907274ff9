import {
  VISIT_FIELDS,
  newVisitFieldsSchema,
  todayInJapan,
  visitFieldsSchema,
  type Visit,
  type VisitField,
  type VisitFields,
} from '@clinic/sync-protocol';

/**
 * What the antd form holds: text as typed (料金 too, so ３０００ or 3.5 reach the schema to be judged),
 * the customer's id or null. Fields the person has not touched may be undefined.
 */
export type VisitFormValues = {
  date?: string;
  customerId?: string | null;
  serviceMenu?: string;
  price?: string;
  staffName?: string;
  notes?: string;
};

/** A new record's defaults besides today: the logged-in person as 担当者, the customer the list shows. */
export type NewVisitDefaults = {
  staffName: string;
  customerId: string | null;
  /** From the appointment being recorded (予約表): its day and menu. */
  date?: string;
  serviceMenu?: string;
};

/** The form's first values: the visit's, or for a new one today (in Japan) and the defaults. */
export function formValuesOf(
  visit: Visit | null,
  defaults: NewVisitDefaults,
  today: string = todayInJapan(),
): VisitFormValues {
  if (!visit)
    return {
      date: defaults.date ?? today,
      customerId: defaults.customerId,
      serviceMenu: defaults.serviceMenu ?? '',
      price: '',
      staffName: defaults.staffName,
      notes: '',
    };
  const { date, customerId, serviceMenu, price, staffName, notes } = visit;
  return { date, customerId, serviceMenu, price: price === null ? '' : String(price), staffName, notes };
}

/** Fills what the form left empty, so the schema judges the value and not its absence. */
function rawValue(field: VisitField, value: unknown): unknown {
  switch (field) {
    case 'price':
      return value ?? null;
    case 'customerId':
    case 'date':
    case 'serviceMenu':
    case 'staffName':
    case 'notes':
      return value ?? '';
  }
}

const rawValues = (values: VisitFormValues) => Object.fromEntries(VISIT_FIELDS.map((f) => [f, rawValue(f, values[f])]));

/** The schema's Japanese message for one field, or null: the form and the mutator share one rule set. */
export function fieldError(field: VisitField, value: unknown): string | null {
  const result = visitFieldsSchema.shape[field].safeParse(rawValue(field, value));
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

/** Every field's problem, as antd's `form.setFields` takes them; empty when the form can be saved. */
export function formErrors(values: VisitFormValues): { name: VisitField; errors: string[] }[] {
  const problems: { name: VisitField; errors: string[] }[] = [];
  for (const field of VISIT_FIELDS) {
    const message = fieldError(field, values[field]);
    if (message) problems.push({ name: field, errors: [message] });
  }
  return problems;
}

/** A new visit's fields, cleaned by the schema; throws only if the form skipped validation. */
export const toNewVisitFields = (values: VisitFormValues): VisitFields => newVisitFieldsSchema.parse(rawValues(values));
/** An edited visit's fields, the same way. */
export const toVisitFields = (values: VisitFormValues): VisitFields => visitFieldsSchema.parse(rawValues(values));

/**
 * What an edit is compared with: the stored visit as its unchanged form would save it, so a value the
 * schema writes differently is not taken for the person's change. A record the rules no longer accept
 * is compared as stored.
 */
export function originalFields(visit: Visit): VisitFields {
  const parsed = visitFieldsSchema.safeParse(rawValues(formValuesOf(visit, { staffName: '', customerId: null })));
  if (parsed.success) return parsed.data;
  const { customerId, date, serviceMenu, price, staffName, notes } = visit;
  return { customerId, date, serviceMenu, price, staffName, notes };
}

/**
 * The 料金 text the schema will store (３，０００ -> 3000), or null when it is not valid yet or is stored
 * as typed. The form shows it when the person leaves the box, so what they see is what is saved.
 */
export function storedPrice(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const result = visitFieldsSchema.shape.price.safeParse(value);
  if (!result.success) return null;
  const stored = result.data === null ? '' : String(result.data);
  return stored === value ? null : stored;
}
