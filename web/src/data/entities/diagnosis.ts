import { ja } from '../../i18n/ja';
import { diagnosisMutators, painMarkerMutators } from '../mutators/diagnosis';
import { customerLabelOf } from './customer-name';
import { stringAt } from './read-args';
import type { WebEntity } from './web-entity';

const t = ja.entities.diagnoses;
const m = ja.entities.painMarkers;

export const diagnosisEntity: WebEntity<'diagnoses'> = {
  mutators: diagnosisMutators,
  recordName: async (db, diagnosis) =>
    t.record(ja.entities.customers.record(await customerLabelOf(db, diagnosis.customerId)), diagnosis.date),
  nameInArgs: (args) => {
    const date = stringAt(args, 'date');
    return date === null ? null : t.record(null, date);
  },
  unknownRecord: t.unknown,
  recordGone: t.recordGone,
  mutationLabels: t.mutations,
  fieldLabels: t.fieldLabels,
  formatValue: () => null,
  retry: { 'diagnosis.create': 'as-new', 'diagnosis.update': 'rebase', 'diagnosis.delete': 'resend' },
  // Markers name their record: a deleted diagnosis's markers are hidden with it, not named.
  keepsTombstones: false,
};

export const painMarkerEntity: WebEntity<'painMarkers'> = {
  mutators: painMarkerMutators,
  recordName: async (db, marker) => {
    const diagnosis = await db.diagnoses.get(marker.diagnosisId);
    return m.record(
      marker.number,
      diagnosis && !diagnosis.deleted ? await diagnosisEntity.recordName(db, diagnosis) : null,
    );
  },
  nameInArgs: (args) => {
    const number = (args as { number?: unknown } | null)?.number;
    return typeof number === 'number' ? m.record(number, null) : null;
  },
  unknownRecord: m.unknown,
  recordGone: m.recordGone,
  mutationLabels: m.mutations,
  fieldLabels: m.fieldLabels,
  formatValue: (field, value) => {
    if (field === 'view' && (value === 'front' || value === 'back')) return m.views[value];
    if (field === 'resolved' && typeof value === 'boolean') return m.resolved[String(value) as 'true' | 'false'];
    return null;
  },
  retry: { 'painMarker.create': 'as-new', 'painMarker.update': 'rebase', 'painMarker.delete': 'resend' },
  keepsTombstones: false,
};
