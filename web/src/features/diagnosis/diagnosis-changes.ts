import {
  DIAGNOSIS_FIELDS,
  PAIN_MARKER_FIELDS,
  diffFields,
  painMarkerFieldsSchema,
  type PainMarkerFields,
} from '@clinic/sync-protocol';
import type { Change } from '../../data';
import {
  originalFields,
  toDiagnosisFields,
  type DiagnosisFormValues,
  type StoredDiagnosis,
} from './diagnosis-form-values';
import { markerFields, type DraftMarker } from './draft-markers';

/**
 * A marker's fields as they will be stored (notes trimmed), so an untouched marker compares equal to
 * its stored self and is not sent again.
 */
const cleaned = (marker: DraftMarker): PainMarkerFields => {
  const parsed = painMarkerFieldsSchema.safeParse(markerFields(marker));
  return parsed.success ? parsed.data : markerFields(marker);
};

const createMarker = (diagnosisId: string, marker: DraftMarker): Change => ({
  name: 'painMarker.create',
  args: { id: marker.id, diagnosisId, ...markerFields(marker) },
});

/** A new record and its markers: stored together in one transaction, or not at all. */
export function createChanges(id: string, values: DiagnosisFormValues): Change[] {
  return [
    { name: 'diagnosis.create', args: { id, ...toDiagnosisFields(values) } },
    ...values.markers.map((m) => createMarker(id, m)),
  ];
}

/**
 * An edit as the fewest changes: the record's changed fields (with the values they replaced, so a
 * colleague's edit of another field survives), new markers, changed marker fields, removed markers.
 * Empty when nothing changed.
 */
export function updateChanges(stored: StoredDiagnosis, values: DiagnosisFormValues): Change[] {
  const { id } = stored.diagnosis;
  const changes: Change[] = [];
  const record = diffFields(DIAGNOSIS_FIELDS, originalFields(stored.diagnosis), toDiagnosisFields(values));
  if (record.changed) changes.push({ name: 'diagnosis.update', args: { id, patch: record.patch, base: record.base } });

  const before = new Map(stored.markers.map((m) => [m.id, m]));
  for (const marker of values.markers) {
    const original = before.get(marker.id);
    if (!original) {
      changes.push(createMarker(id, marker));
      continue;
    }
    const diff = diffFields(PAIN_MARKER_FIELDS, cleaned(original), cleaned(marker));
    if (diff.changed)
      changes.push({ name: 'painMarker.update', args: { id: marker.id, patch: diff.patch, base: diff.base } });
  }
  const kept = new Set(values.markers.map((m) => m.id));
  for (const original of stored.markers)
    if (!kept.has(original.id)) changes.push({ name: 'painMarker.delete', args: { id: original.id } });
  return changes;
}
