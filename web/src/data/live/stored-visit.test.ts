import { afterEach, describe, expect, it } from 'vitest';
import { applyPull } from '../../sync/apply-pull';
import { freshDb, pullOf, serverCustomer, serverVisit } from '../../test-utils/sync-fixtures';
import { clearDataKey, dataKey, setDataKey } from '../../vault/data-key';
import { boundTo, sealJson } from '../../vault/seal';
import { storedTwin } from './stored-visit';
import { queryVisits, visitTotals } from './visits';

const id = (n: number) => `0193a3f0-0000-4000-8000-${String(n).padStart(12, '0')}`;
const HANAKO = id(1);
const NOVEMBER = { from: '2026-11-01', to: '2026-11-30', customerId: null };
const signedIn = dataKey().slice();

afterEach(() => setDataKey(signedIn.slice()));

async function seeded() {
  const db = freshDb();
  const visits = [1, 2, 3].map((n) =>
    serverVisit({
      id: id(10 + n),
      customerId: HANAKO,
      date: `2026-11-0${n}`,
      price: n * 1000,
      notes: `メモ${n}`,
      createdAt: `2026-11-0${n}T01:00:00.000Z`,
    }),
  );
  await applyPull(
    db,
    pullOf({ changes: { customers: [serverCustomer({ id: HANAKO, name: '山田 花子' })], visits } }),
    null,
  );
  return db;
}

describe('the visit list reads rows as stored', () => {
  it('counts, totals and orders a range without opening a row, and opens a row when its note is read', async () => {
    const db = await seeded();
    // The customer as the in-memory cache holds it (opened), so the names need no row read here.
    const hanako = await db.customers.get(HANAKO);
    // Locked: any row the query opened would throw (another key no longer throws: such a row is set aside).
    clearDataKey();
    const rows = await queryVisits(db, NOVEMBER, () => hanako);
    expect(visitTotals(rows)).toEqual({ count: 3, total: 6000 });
    expect(rows.map((v) => v.date)).toEqual(['2026-11-03', '2026-11-02', '2026-11-01']);
    expect(() => rows[0]!.notes).toThrow();
    setDataKey(signedIn.slice());
    const opened = await queryVisits(db, NOVEMBER);
    expect(opened.map((v) => [v.notes, v.customerName])).toEqual([
      ['メモ3', '山田 花子'],
      ['メモ2', '山田 花子'],
      ['メモ1', '山田 花子'],
    ]);
  });

  it('opens a row kept before its price and entry time were readable, for them', async () => {
    const db = await seeded();
    // As an older version stored it: only the keys and flags readable, price and entry time sealed.
    const { price, createdAt, notes, staffName, updatedAt, updatedBy, ...readable } = serverVisit({
      id: id(20),
      customerId: HANAKO,
      date: '2026-11-04',
      price: 7000,
      notes: '旧い行',
      createdAt: '2026-11-04T01:00:00.000Z',
    });
    await storedTwin(db).visits.put({
      ...readable,
      pending: 0,
      sealed: sealJson({ price, createdAt, notes, staffName, updatedAt, updatedBy }, boundTo('visits', id(20))),
    } as never);
    const rows = await queryVisits(db, NOVEMBER);
    expect(visitTotals(rows)).toEqual({ count: 4, total: 13_000 });
    expect(rows[0]!.notes).toBe('旧い行');
    // The sealing connection reads the same row whole.
    expect((await db.visits.get(id(20)))?.price).toBe(7000);
  });
});
