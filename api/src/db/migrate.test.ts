import { expect, it } from 'vitest';
import { describeEachDatabase } from '../test/harness';
import { migrateToLatest } from './migrate';
import { migrations } from './migrations';

describeEachDatabase('migrations', (getCtx) => {
  it('run again as a no-op and are all applied', async () => {
    const { db } = getCtx();
    await migrateToLatest(db);
    const applied = await db.introspection.getTables({ withInternalKyselyTables: true });
    expect(applied.map((t) => t.name)).toEqual(expect.arrayContaining(['users', 'sessions', 'refresh_tokens', 'audit_log']));
    expect(Object.keys(migrations).every((name) => /^\d{4}-\d{2}-\d{2}T\d{4}-[a-z-]+$/.test(name))).toBe(true);
  });

  it('give audit_log ids from the database, increasing', async () => {
    const { db } = getCtx();
    const at = new Date().toISOString();
    await db.insertInto('audit_log').values({ at, user_id: null, username: null, action: 'a', entity: null, entity_id: null, client_id: null, ip: null, detail: null }).execute();
    await db.insertInto('audit_log').values({ at, user_id: null, username: null, action: 'b', entity: null, entity_id: null, client_id: null, ip: null, detail: null }).execute();
    const ids = (await db.selectFrom('audit_log').select('id').orderBy('id').execute()).map((r) => r.id);
    expect(ids).toHaveLength(2);
    expect(typeof ids[0]).toBe('number');
    expect(ids[1]!).toBeGreaterThan(ids[0]!);
  });
});
