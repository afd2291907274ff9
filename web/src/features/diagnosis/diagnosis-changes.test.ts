import { describe, expect, it } from 'vitest';
import { createChanges, updateChanges } from './diagnosis-changes';
import type { DiagnosisFormValues, StoredDiagnosis } from './diagnosis-form-values';
import { formValuesOf } from './diagnosis-form-values';
import type { DraftMarker } from './draft-markers';
import { id, localDiagnosis } from './test-support';

const CUSTOMER = id(1);
const OTHER = id(2);
const RECORD = id(10);

const spot = (n: number, more: Partial<DraftMarker> = {}): DraftMarker => ({
  id: id(100 + n),
  number: n,
  view: 'front',
  x: 30,
  y: 20,
  region: 'front.shoulder.right',
  bodyPart: '前面 (30.0%, 20.0%)',
  painLevel: 5,
  notes: '',
  resolved: false,
  ...more,
});

const stored: StoredDiagnosis = {
  diagnosis: localDiagnosis({
    id: RECORD,
    customerId: CUSTOMER,
    date: '2026-11-20',
    generalHealth: '良好',
    notes: '初回',
  }),
  markers: [spot(1), spot(2, { painLevel: 7 }), spot(3, { view: 'back' })],
};

describe('diagnosis changes', () => {
  it('creates the record and each marker under its id, trimmed as the schema stores them', () => {
    const values: DiagnosisFormValues = {
      ...formValuesOf(null, '2026-11-21'),
      customerId: CUSTOMER,
      notes: ' 肩こり ',
      markers: [spot(1), spot(2)],
    };
    const changes = createChanges(RECORD, values);
    expect(changes.map((c) => c.name)).toEqual(['diagnosis.create', 'painMarker.create', 'painMarker.create']);
    expect(changes[0]!.args).toEqual({
      id: RECORD,
      customerId: CUSTOMER,
      visitId: null,
      date: '2026-11-21',
      generalHealth: '',
      notes: '肩こり',
    });
    const { id: markerId, ...fields } = spot(2);
    expect(changes[2]!.args).toEqual({ id: markerId, diagnosisId: RECORD, ...fields });
  });

  it('sends nothing for an unchanged record, even when its notes only differ by spaces the schema trims', () => {
    expect(updateChanges(stored, formValuesOf(stored))).toEqual([]);
    const values = formValuesOf(stored);
    expect(
      updateChanges(stored, {
        ...values,
        markers: values.markers.map((m) => (m.number === 1 ? { ...m, notes: '  ' } : m)),
      }),
    ).toEqual([]);
  });

  it('sends only the changed fields with the values they replaced, and marker create / update / delete', () => {
    const values = formValuesOf(stored);
    const added = spot(4, { view: 'back', painLevel: 3 });
    const next: DiagnosisFormValues = {
      ...values,
      customerId: OTHER,
      notes: '二回目',
      markers: [values.markers[0]!, { ...values.markers[1]!, painLevel: 4, resolved: true }, added],
    };
    expect(updateChanges(stored, next)).toEqual([
      {
        name: 'diagnosis.update',
        args: {
          id: RECORD,
          patch: { customerId: OTHER, notes: '二回目' },
          base: { customerId: CUSTOMER, notes: '初回' },
        },
      },
      {
        name: 'painMarker.update',
        args: { id: id(102), patch: { painLevel: 4, resolved: true }, base: { painLevel: 7, resolved: false } },
      },
      { name: 'painMarker.create', args: { ...added, diagnosisId: RECORD } },
      { name: 'painMarker.delete', args: { id: id(103) } },
    ]);
  });
});
