import { describe, expect, it } from 'vitest';
import { applyPull } from '../../sync/apply-pull';
import { mutate } from '../mutate';
import { freshDb, pullOf, serverCustomer, serverSurvey, serverVisit } from '../../test-utils/sync-fixtures';
import { countCustomerRecords } from './customer-records';
import { queryCustomerSurveys } from './surveys';
import { FIRST_NAMED, lastPriceOf, queryCustomerVisits, queryVisits, usedMenus, visitTotals } from './visits';

const id = (n: number) => `0193a3f0-0000-4000-8000-${String(n).padStart(12, '0')}`;
const [HANAKO, TARO] = [id(1), id(2)];
const opts = { userName: 'staff1' };

async function seeded() {
  const db = freshDb();
  await applyPull(
    db,
    pullOf({
      changes: {
        customers: [
          serverCustomer({ id: HANAKO, name: '山田 花子' }),
          serverCustomer({ id: TARO, name: '佐藤 太郎', chartNumber: 2 }),
        ],
        visits: [
          serverVisit({ id: id(11), customerId: HANAKO, date: '2026-11-01', serviceMenu: '鍼灸', price: 5000 }),
          serverVisit({ id: id(12), customerId: TARO, date: '2026-11-15', serviceMenu: 'マッサージ', price: 4000 }),
          serverVisit({ id: id(13), customerId: HANAKO, date: '2026-11-20', serviceMenu: '鍼灸', price: 5500 }),
          serverVisit({ id: id(14), customerId: HANAKO, date: '2026-10-31', serviceMenu: '', price: null }),
          serverVisit({
            id: id(15),
            customerId: TARO,
            date: '2026-11-16',
            serviceMenu: '鍼灸',
            price: 9999,
            deleted: true,
          }),
        ],
        surveys: [serverSurvey({ id: id(21), customerId: HANAKO }), serverSurvey({ id: id(22), customerId: TARO })],
      },
    }),
    null,
  );
  return db;
}

describe('visit reads', () => {
  it('gives a long list early as its newest rows and the rest of their last day, named, then whole', async () => {
    const db = freshDb();
    const customers = Array.from({ length: FIRST_NAMED + 10 }, (_, i) =>
      serverCustomer({ id: id(100 + i), name: `顧客${i}` }),
    );
    // Ten visits a day over five days (11-06 … 11-10), entered in the morning of each.
    const visits = customers.map((c, i) =>
      serverVisit({
        id: id(500 + i),
        customerId: c.id,
        date: `2026-11-${String(10 - Math.floor(i / 10)).padStart(2, '0')}`,
        createdAt: `2026-11-01T${String(i % 10).padStart(2, '0')}:00:00.000Z`,
      }),
    );
    await applyPull(db, pullOf({ changes: { customers, visits } }), null);
    const range = { from: '2026-11-01', to: '2026-11-30', customerId: null };
    const early = await queryVisits(db, range, undefined, 15);
    const whole = await queryVisits(db, range);
    expect(whole).toHaveLength(FIRST_NAMED + 10);
    // The newest 15 reach into 11-09: all of 11-09 comes too, in the whole list's order.
    expect(early.map((v) => v.id)).toEqual(whole.slice(0, 20).map((v) => v.id));
    expect(early.every((v) => v.customerName.startsWith('顧客'))).toBe(true);
    expect(whole.every((v) => v.customerName.startsWith('顧客'))).toBe(true);
    // Within a day, the last entered first, however the index returns them.
    expect(early.slice(0, 10).map((v) => v.createdAt.slice(11, 13))).toEqual([
      '09',
      '08',
      '07',
      '06',
      '05',
      '04',
      '03',
      '02',
      '01',
      '00',
    ]);
    // A deleted visit is left out; fewer rows than asked are all there are.
    await mutate(db, 'visit.delete', { id: id(500) }, opts);
    const one = await queryVisits(db, { from: '2026-11-10', to: '2026-11-10', customerId: id(101) }, undefined, 15);
    expect(one.map((v) => v.customerName)).toEqual(['顧客1']);
    expect(
      (await queryVisits(db, { from: '2026-11-10', to: '2026-11-10', customerId: null }, undefined, 15)).map(
        (v) => v.id,
      ),
    ).not.toContain(id(500));
    // With no range, the newest of all.
    const all = await queryVisits(db, { from: null, to: null, customerId: null }, undefined, 5);
    expect(all.map((v) => v.date)).toEqual(Array(9).fill('2026-11-10'));
  });

  it('lists a date range newest first with the customer names joined, through the date index', async () => {
    const db = await seeded();
    const rows = await queryVisits(db, { from: '2026-11-01', to: '2026-11-30', customerId: null });
    expect(rows.map((v) => [v.date, v.customerName])).toEqual([
      ['2026-11-20', '山田 花子'],
      ['2026-11-15', '佐藤 太郎'],
      ['2026-11-01', '山田 花子'],
    ]);
    expect(visitTotals(rows)).toEqual({ count: 3, total: 14500 });
    expect((await queryVisits(db, { from: null, to: null, customerId: null })).length).toBe(4);
  });

  it('filters by customer within the range', async () => {
    const db = await seeded();
    const rows = await queryVisits(db, { from: '2026-11-01', to: '2026-11-30', customerId: HANAKO });
    expect(rows.map((v) => v.date)).toEqual(['2026-11-20', '2026-11-01']);
    expect((await queryCustomerVisits(db, HANAKO)).map((v) => v.date)).toEqual([
      '2026-11-20',
      '2026-11-01',
      '2026-10-31',
    ]);
  });

  it("a deleted customer's visits stay and show the name with 削除済み", async () => {
    const db = await seeded();
    await mutate(db, 'customer.delete', { id: TARO }, opts);
    const [row] = await queryVisits(db, { from: '2026-11-15', to: '2026-11-15', customerId: null });
    expect(row).toMatchObject({ customerName: '佐藤 太郎（削除済み）', customerDeleted: true });
  });

  it('suggests the menus used and the price last charged for one', async () => {
    const db = await seeded();
    expect(await usedMenus(db)).toEqual(['マッサージ', '鍼灸']);
    expect(await lastPriceOf(db, '鍼灸')).toBe(5500);
    expect(await lastPriceOf(db, 'よもぎ蒸し')).toBeNull();
  });

  it('counts the records that name a customer, skipping deleted ones', async () => {
    const db = await seeded();
    expect(await countCustomerRecords(db, HANAKO)).toEqual({ visits: 3, surveys: 1, diagnoses: 0 });
    expect(await countCustomerRecords(db, TARO)).toEqual({ visits: 1, surveys: 1, diagnoses: 0 });
    expect((await queryCustomerSurveys(db, HANAKO)).map((s) => s.id)).toEqual([id(21)]);
  });
});

describe('visit and survey changes on the device', () => {
  it('a visit made offline shows at once as 未同期, the staff name defaulting to the user', async () => {
    const db = await seeded();
    await mutate(db, 'visit.create', { id: id(30), customerId: TARO, date: '2026-11-23', price: '３，０００' }, opts);
    expect(await db.visits.get(id(30))).toMatchObject({
      price: 3000,
      staffName: 'staff1',
      serviceMenu: '',
      pending: 1,
      server: null,
    });
    await mutate(db, 'visit.update', { id: id(30), patch: { notes: '肩こり' }, base: { notes: '' } }, opts);
    expect(await db.visits.get(id(30))).toMatchObject({ notes: '肩こり', price: 3000 });
    await mutate(db, 'visit.delete', { id: id(30) }, opts);
    expect(await queryCustomerVisits(db, TARO)).toEqual([expect.objectContaining({ id: id(12) })]);
    expect((await db.outbox.toArray()).map((m) => m.name)).toEqual(['visit.create', 'visit.update', 'visit.delete']);
  });

  it('a survey is stored with its answers; a correction that does not fit its type is not shown as saved', async () => {
    const db = await seeded();
    const answers = {
      pain_improvement: 4,
      satisfaction: 8,
      comfort: 'comfortable',
      side_effects: 'none',
      recommend: 'probably',
    };
    await mutate(db, 'survey.submit', { id: id(40), customerId: HANAKO, type: 'post', answers }, opts);
    expect(await db.surveys.get(id(40))).toMatchObject({ type: 'post', visitId: null, answers, pending: 1 });
    await mutate(
      db,
      'survey.update',
      { id: id(40), patch: { answers: { ...answers, satisfaction: 10 } }, base: { answers } },
      opts,
    );
    expect((await db.surveys.get(id(40)))?.answers.satisfaction).toBe(10);
    await mutate(
      db,
      'survey.update',
      { id: id(40), patch: { answers: { ...answers, pain_level: 3 } }, base: {} },
      opts,
    );
    expect((await db.surveys.get(id(40)))?.answers).not.toHaveProperty('pain_level');
  });

  it('a pull confirming a visit clears 未同期', async () => {
    const db = await seeded();
    await mutate(db, 'visit.create', { id: id(31), customerId: HANAKO, date: '2026-11-23' }, opts);
    await applyPull(
      db,
      pullOf({
        cookie: 2,
        lastMutationId: 1,
        changes: { visits: [serverVisit({ id: id(31), customerId: HANAKO, date: '2026-11-23', version: 2 })] },
      }),
      null,
    );
    expect(await db.visits.get(id(31))).toMatchObject({ pending: 0 });
  });
});
