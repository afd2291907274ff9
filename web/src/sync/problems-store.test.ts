import { describe, expect, it } from 'vitest';
import { createProblemsStore } from './problems-store';
import { freshDb, localSurvey, localVisit, serverCustomer } from '../test-utils/sync-fixtures';

const A = '0193a3f0-0000-4000-8000-00000000000a';
const B = '0193a3f0-0000-4000-8000-00000000000b';
const at = '2026-11-22T09:00:00.000Z';

describe('sync problems store', () => {
  it('names each problem by its entity: from the device, from the change itself, or not at all', async () => {
    const db = freshDb();
    await db.customers.put({ ...serverCustomer({ id: A, name: '山田 花子' }), pending: 0 });
    await db.rejections.bulkPut([
      { mutationId: 1, name: 'customer.update', args: { id: A, patch: { phone: 'x' }, base: {} }, reason: '…', at },
      { mutationId: 2, name: 'customer.create', args: { id: B, name: '新規 太郎', phone: '' }, reason: '…', at },
      { mutationId: 3, name: 'prescription.create', args: { id: B, name: '薬' }, reason: '…', at },
      { mutationId: 4, name: 'customer.delete', args: { id: { nested: true } }, reason: '…', at },
    ]);
    await db.conflicts.bulkPut([
      {
        id: 1,
        table: 'customers',
        recordId: A,
        field: 'phone',
        overwritten: '1',
        value: '2',
        by: 'a',
        overwrittenBy: 'b',
        at,
      },
      {
        id: 2,
        table: 'prescriptions',
        recordId: A,
        field: 'dose',
        overwritten: '1',
        value: '2',
        by: 'a',
        overwrittenBy: 'b',
        at,
      },
    ]);
    const store = createProblemsStore(db);
    store.subscribe(() => undefined);
    await store.settled();
    const { rejections, conflicts, conflictedIds } = store.getSnapshot();
    expect(rejections.map((r) => r.recordName)).toEqual(['「山田 花子」', '「新規 太郎」', null, null]);
    // A table this version does not know is never taken for a customer, even with a customer's id.
    expect(conflicts.map((c) => c.recordName)).toEqual(['「山田 花子」', null]);
    expect([...conflictedIds]).toEqual([A]);
    store.dispose();
  });

  it("names a visit's and a survey's problems by their customer (削除済み too) and date or type", async () => {
    const db = freshDb();
    const [V, S] = ['0193a3f0-0000-4000-8000-0000000000a1', '0193a3f0-0000-4000-8000-0000000000b1'];
    await db.customers.bulkPut([
      { ...serverCustomer({ id: A, name: '山田 花子' }), pending: 0 },
      { ...serverCustomer({ id: B, name: '佐藤 次郎', deleted: true }), pending: 0 },
    ]);
    await db.visits.put(localVisit({ id: V, customerId: A, date: '2026-11-20' }));
    await db.surveys.put(localSurvey({ id: S, customerId: B, type: 'post' }));
    await db.rejections.bulkPut([
      { mutationId: 1, name: 'visit.update', args: { id: V, patch: { price: 1 }, base: {} }, reason: '…', at },
      { mutationId: 2, name: 'visit.create', args: { id: B, customerId: A, date: '2026-11-21' }, reason: '…', at },
      {
        mutationId: 3,
        name: 'survey.submit',
        args: { id: A, customerId: A, type: 'pre', answers: {} },
        reason: '…',
        at,
      },
    ]);
    await db.conflicts.put({
      id: 1,
      table: 'surveys',
      recordId: S,
      field: 'answers',
      overwritten: '1',
      value: '2',
      by: 'a',
      overwrittenBy: 'b',
      at,
    });
    const store = createProblemsStore(db);
    store.subscribe(() => undefined);
    await store.settled();
    const { rejections, conflicts } = store.getSnapshot();
    expect(rejections.map((r) => r.recordName)).toEqual([
      '「山田 花子」の来院記録（2026-11-20）',
      '来院記録（2026-11-21）',
      '施術前アンケート',
    ]);
    expect(conflicts.map((c) => c.recordName)).toEqual(['「佐藤 次郎（削除済み）」の施術後アンケート']);
    store.dispose();
  });

  it('shows a renamed record under its new name', async () => {
    const db = freshDb();
    await db.customers.put({ ...serverCustomer({ id: A, name: '山田 花子' }), pending: 0 });
    await db.conflicts.put({
      id: 1,
      table: 'customers',
      recordId: A,
      field: 'phone',
      overwritten: '1',
      value: '2',
      by: 'a',
      overwrittenBy: 'b',
      at,
    });
    const store = createProblemsStore(db);
    store.subscribe(() => undefined);
    await store.settled();
    await db.customers.update(A, { name: '山田 春子' });
    await store.settled();
    expect(store.getSnapshot().conflicts[0]!.recordName).toBe('「山田 春子」');
    store.dispose();
  });
});
