import { expect, it, vi } from 'vitest';
import { describeEachDatabase } from '../test/harness';
import type { NewAuditLogRow } from './database';
import type { Db } from './dialect';
import { queryTemplate } from './query-template';

const row = (action: string, entityId: string | null): NewAuditLogRow => ({
  at: '2026-11-22T09:00:00.000Z',
  user_id: null,
  username: 'admin',
  action,
  entity: 'customer',
  entity_id: entityId,
  client_id: null,
  ip: null,
  detail: null,
});

// Module-level, as in the repositories: the same templates serve every database below (SQLite,
// then PGlite), and each must get its own SQL ("?" and "$1" placeholders).
const buildInsert = vi.fn((db: Db, r: NewAuditLogRow) => db.insertInto('audit_log').values(r));
const insert = queryTemplate(buildInsert);
const buildByAction = vi.fn((db: Db, p: { action: string; entity: string }) =>
  db
    .selectFrom('audit_log')
    .select(['action', 'entity_id'])
    .where('action', '=', p.action)
    .where('entity', '=', p.entity)
    .orderBy('id'),
);
const byAction = queryTemplate(buildByAction);

describeEachDatabase('queryTemplate', (getCtx) => {
  it('builds a query once per database and runs it with each call’s values', async () => {
    const { db } = getCtx();
    const builtBefore = [buildInsert.mock.calls.length, buildByAction.mock.calls.length];
    await insert.execute(db, row('a', '1'));
    await insert.execute(db, row('b', '2'));
    await db.transaction().execute((trx) => insert.execute(trx, row('a', '3')));

    expect((await byAction.execute(db, { action: 'a', entity: 'customer' })).rows).toEqual([
      { action: 'a', entity_id: '1' },
      { action: 'a', entity_id: '3' },
    ]);
    expect((await byAction.execute(db, { action: 'b', entity: 'customer' })).rows).toEqual([
      { action: 'b', entity_id: '2' },
    ]);
    expect((await byAction.execute(db, { action: 'b', entity: 'other' })).rows).toEqual([]);
    // This database's first use built each once; every later call, in a transaction too, reused that.
    expect([
      buildInsert.mock.calls.length - builtBefore[0]!,
      buildByAction.mock.calls.length - builtBefore[1]!,
    ]).toEqual([1, 1]);
  });

  it('leaves out undefined values, as Kysely does, compiling that shape separately', async () => {
    const { db } = getCtx();
    const { entity_id: _, ...withoutEntityId } = row('c', null);
    await insert.execute(db, { ...withoutEntityId, entity_id: undefined });
    await insert.execute(db, row('c', '9'));
    expect((await byAction.execute(db, { action: 'c', entity: 'customer' })).rows).toEqual([
      { action: 'c', entity_id: null },
      { action: 'c', entity_id: '9' },
    ]);
  });

  it('refuses a template that uses a param other than as a value', async () => {
    const { db } = getCtx();
    // `p.limit > 10` compares the stand-in, not the value: the limit would be fixed at compile time.
    const wrong = queryTemplate((d: Db, p: { limit: number }) =>
      d
        .selectFrom('audit_log')
        .selectAll()
        .limit(p.limit > 10 ? 10 : 1),
    );
    await expect(wrong.execute(db, { limit: 50 })).rejects.toThrow('limit not used as a value');
  });
});
