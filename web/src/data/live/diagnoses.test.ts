import { describe, expect, it } from 'vitest';
import { applyPull } from '../../sync/apply-pull';
import { mutate } from '../mutate';
import { freshDb, pullOf, serverCustomer, serverDiagnosis, serverMarker } from '../../test-utils/sync-fixtures';
import { countCustomerRecords } from './customer-records';
import { countDiagnoses, queryCustomerDiagnoses, queryLatestDiagnoses, queryMarkers } from './diagnoses';

const id = (n: number) => `0193a3f0-0000-4000-8000-${String(n).padStart(12, '0')}`;
const CUSTOMER = id(1);
const opts = { userName: 'staff1' };

async function seeded() {
  const db = freshDb();
  await applyPull(
    db,
    pullOf({
      changes: {
        customers: [serverCustomer({ id: CUSTOMER })],
        diagnoses: [
          serverDiagnosis({ id: id(11), customerId: CUSTOMER, date: '2026-11-01' }),
          serverDiagnosis({ id: id(12), customerId: CUSTOMER, date: '2026-11-20' }),
          serverDiagnosis({ id: id(13), customerId: CUSTOMER, date: '2026-11-10', deleted: true }),
        ],
        painMarkers: [
          serverMarker({ id: id(21), diagnosisId: id(12), number: 2, painLevel: 8 }),
          serverMarker({ id: id(22), diagnosisId: id(12), number: 1, view: 'back' }),
          serverMarker({ id: id(23), diagnosisId: id(12), number: 3, deleted: true }),
        ],
      },
    }),
    null,
  );
  return db;
}

describe('diagnosis reads', () => {
  it('lists diagnoses newest first and their markers by number, leaving deleted ones out', async () => {
    const db = await seeded();
    expect((await queryLatestDiagnoses(db, 50)).map((d) => d.date)).toEqual(['2026-11-20', '2026-11-01']);
    expect((await queryCustomerDiagnoses(db, CUSTOMER)).map((d) => d.id)).toEqual([id(12), id(11)]);
    expect((await queryMarkers(db, id(12))).map((m) => [m.number, m.view, m.painLevel])).toEqual([
      [1, 'back', 5],
      [2, 'front', 8],
    ]);
    expect(await countCustomerRecords(db, CUSTOMER)).toEqual({ visits: 0, surveys: 0, diagnoses: 2 });
  });

  it('lists only the newest ones asked for, records of one day by when they were entered, deleted ones replaced by older', async () => {
    const db = freshDb();
    const day = (n: number) => `2026-10-${String(n).padStart(2, '0')}`;
    await applyPull(
      db,
      pullOf({
        changes: {
          customers: [serverCustomer({ id: CUSTOMER })],
          diagnoses: [1, 2, 3, 4, 5, 6].map((n) =>
            serverDiagnosis({
              id: id(30 + n),
              customerId: CUSTOMER,
              date: day(n <= 4 ? n : 4),
              createdAt: `2026-10-0${n}T01:00:00.000Z`,
            }),
          ),
        },
      }),
      null,
    );
    const latest = async (limit: number) => (await queryLatestDiagnoses(db, limit)).map((d) => d.id);
    expect(await latest(2)).toEqual([id(36), id(35)]);
    expect(await latest(4)).toEqual([id(36), id(35), id(34), id(33)]);
    expect(await latest(50)).toEqual([id(36), id(35), id(34), id(33), id(32), id(31)]);
    await mutate(db, 'diagnosis.delete', { id: id(36) }, opts);
    await mutate(db, 'diagnosis.delete', { id: id(35) }, opts);
    await mutate(db, 'diagnosis.delete', { id: id(34) }, opts);
    expect(await latest(2)).toEqual([id(33), id(32)]);
  });

  it("counts live diagnoses, this device's unconfirmed deletes left out", async () => {
    const db = await seeded();
    expect(await countDiagnoses(db)).toBe(2);
    await mutate(db, 'diagnosis.delete', { id: id(11) }, opts);
    expect(await countDiagnoses(db)).toBe(1);
    await mutate(db, 'diagnosis.create', { id: id(14), customerId: CUSTOMER, date: '２０２６－１１－２３' }, opts);
    expect(await countDiagnoses(db)).toBe(2);
    expect(await db.diagnoses.get(id(14))).toMatchObject({
      date: '2026-11-23',
      visitId: null,
      generalHealth: '',
      pending: 1,
    });
  });

  it('keeps markers added to one diagnosis as records of their own, and applies their edits', async () => {
    const db = await seeded();
    const marker = {
      diagnosisId: id(12),
      number: 3,
      view: 'front' as const,
      x: 33.3,
      y: 12.5,
      bodyPart: '前面 (33.3%, 12.5%)',
      painLevel: 6,
    };
    await mutate(db, 'painMarker.create', { id: id(24), ...marker }, opts);
    await mutate(
      db,
      'painMarker.update',
      { id: id(21), patch: { painLevel: 9, resolved: true }, base: { painLevel: 8, resolved: false } },
      opts,
    );
    const markers = await queryMarkers(db, id(12));
    expect(markers.map((m) => [m.number, m.painLevel, m.resolved, m.pending])).toEqual([
      [1, 5, false, 0],
      [2, 9, true, 1],
      [3, 6, false, 1],
    ]);
    await mutate(db, 'painMarker.delete', { id: id(22) }, opts);
    expect((await queryMarkers(db, id(12))).map((m) => m.number)).toEqual([2, 3]);
  });
});
