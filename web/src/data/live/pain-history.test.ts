import { describe, expect, it, vi } from 'vitest';
import { applyPull } from '../../sync/apply-pull';
import { mutate } from '../mutate';
import { freshDb, pullOf, serverCustomer, serverDiagnosis, serverMarker } from '../../test-utils/sync-fixtures';
import { queryCustomerPainHistory, toPainRecords } from './pain-history';

const id = (n: number) => `0193a3f0-0000-4000-8000-${String(n).padStart(12, '0')}`;
const CUSTOMER = id(1);
const OTHER = id(2);

async function seeded() {
  const db = freshDb();
  await applyPull(
    db,
    pullOf({
      changes: {
        customers: [serverCustomer({ id: CUSTOMER }), serverCustomer({ id: OTHER })],
        diagnoses: [
          serverDiagnosis({ id: id(11), customerId: CUSTOMER, date: '2026-11-01' }),
          serverDiagnosis({ id: id(12), customerId: CUSTOMER, date: '2026-11-20' }),
          serverDiagnosis({ id: id(13), customerId: CUSTOMER, date: '2026-11-10', deleted: true }),
          serverDiagnosis({ id: id(14), customerId: OTHER, date: '2026-11-20' }),
        ],
        painMarkers: [
          serverMarker({ id: id(21), diagnosisId: id(12), number: 2, painLevel: 8, region: 'front.shoulder.right' }),
          serverMarker({
            id: id(22),
            diagnosisId: id(12),
            number: 1,
            view: 'back',
            // Off the midline (the fixture's x is 50, where a spot has no side).
            x: 40,
            region: 'back.low-back.left',
            resolved: true,
          }),
          serverMarker({ id: id(23), diagnosisId: id(12), number: 3, deleted: true }),
          serverMarker({ id: id(24), diagnosisId: id(11), number: 1, painLevel: 6, region: 'front.shoulder.right' }),
          serverMarker({ id: id(25), diagnosisId: id(14), number: 1, painLevel: 9 }),
        ],
      },
    }),
    null,
  );
  return db;
}

const shape = (history: Awaited<ReturnType<typeof queryCustomerPainHistory>>) =>
  history.map(({ diagnosis, markers }) => [diagnosis.id, markers.map((m) => m.id)]);

describe('pain history reads', () => {
  it("gives each of the customer's live diagnoses, newest first, with its own live markers by number", async () => {
    const db = await seeded();
    expect(shape(await queryCustomerPainHistory(db, CUSTOMER))).toEqual([
      [id(12), [id(22), id(21)]],
      [id(11), [id(24)]],
    ]);
    expect(shape(await queryCustomerPainHistory(db, OTHER))).toEqual([[id(14), [id(25)]]]);
    expect(await queryCustomerPainHistory(db, id(3))).toEqual([]);
  });

  it("reads markers through the diagnosisId index for the customer's diagnoses only, never the whole table", async () => {
    const db = await seeded();
    const where = vi.spyOn(db.painMarkers, 'where');
    const whole = vi.spyOn(db.painMarkers, 'toArray');
    const all = vi.spyOn(db.painMarkers, 'toCollection');
    await queryCustomerPainHistory(db, CUSTOMER);
    expect(where.mock.calls).toEqual([['diagnosisId']]);
    expect(whole).not.toHaveBeenCalled();
    expect(all).not.toHaveBeenCalled();
  });

  it('follows marker changes made on this device', async () => {
    const db = await seeded();
    const opts = { userName: 'staff1' };
    await mutate(
      db,
      'painMarker.create',
      {
        id: id(26),
        diagnosisId: id(11),
        number: 2,
        view: 'front',
        x: 40,
        y: 20,
        bodyPart: '前面 (40.0%, 20.0%)',
        painLevel: 3,
      },
      opts,
    );
    await mutate(db, 'painMarker.delete', { id: id(24) }, opts);
    expect(shape(await queryCustomerPainHistory(db, CUSTOMER))[1]).toEqual([id(11), [id(26)]]);
  });

  it('turns the history into the records the pain rules take, the 消失 flag kept', async () => {
    const db = await seeded();
    expect(toPainRecords(await queryCustomerPainHistory(db, CUSTOMER))).toEqual([
      {
        date: '2026-11-20',
        markers: [
          { region: 'back.low-back.left', painLevel: 5, resolved: true },
          { region: 'front.shoulder.right', painLevel: 8, resolved: false },
        ],
      },
      { date: '2026-11-01', markers: [{ region: 'front.shoulder.right', painLevel: 6, resolved: false }] },
    ]);
  });
});
