import {
  DIAGNOSIS_FIELDS,
  diagnosisFieldsSchema,
  todayInJapan,
  type DiagnosisField,
  type DiagnosisFields,
} from '@clinic/sync-protocol';
import type { LocalDiagnosis } from '../../data/clinic-db';
import { toDraftMarker, type DraftMarker } from './draft-markers';

/** What the dialog's form holds: the record's fields as typed, and its markers until the record is saved. */
export type DiagnosisFormValues = {
  customerId: string | null;
  visitId: string | null;
  date: string;
  generalHealth: string;
  notes: string;
  markers: DraftMarker[];
};

/** A stored record with its live markers, as the list holds it and the dialog opens it. */
export type StoredDiagnosis = { diagnosis: LocalDiagnosis; markers: readonly DraftMarker[] };

/** Whose a new record is before anything is typed: the session's patient and today's visit (issue 24). */
export type NewDiagnosisPrefill = {
  customerId: string | null;
  visitId: string | null;
  /** Opened from the chart: the patient is settled, the dialog opens on the body figure. */
  onFigure?: boolean;
};

/** A new record (today in Japan, for the prefilled patient, if any) or the stored one's values. */
export function formValuesOf(
  stored: StoredDiagnosis | null,
  today: string = todayInJapan(),
  prefill: NewDiagnosisPrefill = { customerId: null, visitId: null },
): DiagnosisFormValues {
  if (!stored) {
    const { customerId } = prefill;
    const visitId = customerId ? prefill.visitId : null;
    return { customerId, visitId, date: today, generalHealth: '', notes: '', markers: [] };
  }
  const { customerId, visitId, date, generalHealth, notes } = stored.diagnosis;
  return { customerId, visitId, date, generalHealth, notes, markers: stored.markers.map(toDraftMarker) };
}

/** Fills what the form left empty, so the schema judges the value and not its absence. */
function rawValue(field: DiagnosisField, value: unknown): unknown {
  switch (field) {
    case 'visitId':
      return value ?? null;
    case 'customerId':
    case 'date':
    case 'generalHealth':
    case 'notes':
      return value ?? '';
  }
}

const rawValues = (values: DiagnosisFormValues) =>
  Object.fromEntries(DIAGNOSIS_FIELDS.map((f) => [f, rawValue(f, values[f])]));

/** The schema's Japanese message for one field, or null: the form, the mutator and the server share one rule. */
export function fieldError(field: DiagnosisField, value: unknown): string | null {
  const result = diagnosisFieldsSchema.shape[field].safeParse(rawValue(field, value));
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

/** Every field's problem, as antd's `form.setFields` takes them; empty when the record can be saved. */
export function formErrors(values: DiagnosisFormValues): { name: DiagnosisField; errors: string[] }[] {
  return DIAGNOSIS_FIELDS.flatMap((name) => {
    const message = fieldError(name, values[name]);
    return message ? [{ name, errors: [message] }] : [];
  });
}

/** The record's fields cleaned by the schema (trimmed text, half-width date); throws only on skipped checks. */
export const toDiagnosisFields = (values: DiagnosisFormValues): DiagnosisFields =>
  diagnosisFieldsSchema.parse(rawValues(values));

/**
 * What an edit is compared with: the stored record as its unchanged form would save it, so a value the
 * schema writes differently is not taken for a change. One the rules no longer accept is compared as stored.
 */
export function originalFields(diagnosis: LocalDiagnosis): DiagnosisFields {
  const { customerId, visitId, date, generalHealth, notes } = diagnosis;
  const parsed = diagnosisFieldsSchema.safeParse({ customerId, visitId, date, generalHealth, notes });
  return parsed.success ? parsed.data : { customerId, visitId, date, generalHealth, notes };
}
