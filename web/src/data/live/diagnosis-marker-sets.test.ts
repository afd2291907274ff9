import { describe, expect, it, vi } from 'vitest';
import { applyPull } from '../../sync/apply-pull';
import { mutate } from '../mutate';
import { freshDb, pullOf, serverCustomer, serverDiagnosis, serverMarker } from '../../test-utils/sync-fixtures';
import { queryMarkerSets } from './diagnoses';

const id = (n: number) => `0193a3f0-0000-4000-8000-${String(n).padStart(12, '0')}`;
const CUSTOMER = id(1);

async function seeded() {
  const db = freshDb();
  await applyPull(
    db,
    pullOf({
      changes: {
        customers: [serverCustomer({ id: CUSTOMER })],
        diagnoses: [11, 12, 13].map((n) => serverDiagnosis({ id: id(n), customerId: CUSTOMER })),
        painMarkers: [
          serverMarker({ id: id(21), diagnosisId: id(11), number: 2, painLevel: 8 }),
          serverMarker({ id: id(22), diagnosisId: id(11), number: 1 }),
          serverMarker({ id: id(23), diagnosisId: id(12), number: 1 }),
          serverMarker({ id: id(24), diagnosisId: id(13), number: 1 }),
        ],
      },
    }),
    null,
  );
  return db;
}

describe('queryMarkerSets', () => {
  it('gives each asked diagnosis its live markers by number, read through the diagnosisId index', async () => {
    const db = await seeded();
    const where = vi.spyOn(db.painMarkers, 'where');
    const sets = await queryMarkerSets(db, [id(11), id(13), id(99)]);
    expect(where.mock.calls).toEqual([['diagnosisId'], ['diagnosisId'], ['diagnosisId']]);
    expect([...sets.keys()]).toEqual([id(11), id(13), id(99)]);
    expect(sets.get(id(11))!.markers.map((m) => m.id)).toEqual([id(22), id(21)]);
    expect(sets.get(id(13))!.markers.map((m) => m.id)).toEqual([id(24)]);
    expect(sets.get(id(99))).toEqual({ markers: [], pending: false });
    expect(sets.has(id(12))).toBe(false);
    expect((await queryMarkerSets(db, [])).size).toBe(0);
  });

  it('says a record waits to be sent when one of its markers changed here, a deleted one too', async () => {
    const db = await seeded();
    await mutate(db, 'painMarker.delete', { id: id(23) }, { userName: 'staff1' });
    await mutate(
      db,
      'painMarker.update',
      { id: id(21), patch: { painLevel: 9 }, base: { painLevel: 8 } },
      { userName: 'staff1' },
    );
    const sets = await queryMarkerSets(db, [id(11), id(12), id(13)]);
    expect(sets.get(id(12))).toEqual({ markers: [], pending: true });
    expect(sets.get(id(11))!.pending).toBe(true);
    expect(sets.get(id(11))!.markers.map((m) => m.painLevel)).toEqual([5, 9]);
    expect(sets.get(id(13))!.pending).toBe(false);
  });
});
