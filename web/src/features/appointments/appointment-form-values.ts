import {
  APPOINTMENT_FIELDS,
  appointmentFieldsSchema,
  type Appointment,
  type AppointmentField,
  type AppointmentFields,
} from '@clinic/sync-protocol';

/** What the antd form holds; untouched fields may be undefined. */
export type AppointmentFormValues = {
  customerId?: string | null;
  date?: string;
  start?: string;
  minutes?: number | null;
  staffName?: string;
  serviceMenu?: string;
  notes?: string;
  status?: AppointmentFields['status'];
};

/** Where a new appointment starts: the slot tapped (or the next one), the 施術者, the current patient. */
export type NewAppointmentDefaults = {
  date: string;
  start: string;
  staffName: string;
  customerId: string | null;
  minutes: number;
};

export function formValuesOf(appointment: Appointment | null, defaults: NewAppointmentDefaults): AppointmentFormValues {
  if (!appointment) return { ...defaults, serviceMenu: '', notes: '', status: 'booked' };
  const { customerId, date, start, minutes, staffName, serviceMenu, notes, status } = appointment;
  return { customerId, date, start, minutes, staffName, serviceMenu, notes, status };
}

/** The form's fields (visitId is not one: 来院を記録 sets it). */
export const FORM_FIELDS = APPOINTMENT_FIELDS.filter((f): f is Exclude<AppointmentField, 'visitId'> => f !== 'visitId');
type FormField = (typeof FORM_FIELDS)[number];

function rawValue(field: FormField, value: unknown): unknown {
  if (field === 'minutes') return value ?? null;
  if (field === 'status') return value ?? 'booked';
  return value ?? '';
}

/** The schema's Japanese message for one field, or null: the form, the mutator and the server share one rule set. */
export function fieldError(field: FormField, value: unknown): string | null {
  const result = appointmentFieldsSchema.shape[field].safeParse(rawValue(field, value));
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

export function formErrors(values: AppointmentFormValues): { name: FormField; errors: string[] }[] {
  return FORM_FIELDS.flatMap((field) => {
    const message = fieldError(field, values[field]);
    return message ? [{ name: field, errors: [message] }] : [];
  });
}

/** The checked fields of the form; visitId kept from the record (null for a new one). */
export function toFields(values: AppointmentFormValues, visitId: string | null): AppointmentFields {
  const raw = Object.fromEntries(FORM_FIELDS.map((f) => [f, rawValue(f, values[f])]));
  return appointmentFieldsSchema.parse({ ...raw, visitId });
}

/** The fields of a stored appointment, for the diff of an edit. */
export function originalFields(a: Appointment): AppointmentFields {
  const { customerId, date, start, minutes, staffName, serviceMenu, notes, status, visitId } = a;
  return { customerId, date, start, minutes, staffName, serviceMenu, notes, status, visitId };
}
