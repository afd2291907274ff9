import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Kysely, type Migration, Migrator, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { tableNames } from '../test/databases';
import { describeEachDatabase } from '../test/harness';
import { appSqliteDialect } from './connect';
import type { Database } from './database';
import { migrateToLatest } from './migrate';
import { migrations } from './migrations';

describeEachDatabase('migrations', (getCtx) => {
  it('run again as a no-op and are all applied', async () => {
    // Through the harness: on a shared PostgreSQL server another file may be dropping its schema meanwhile,
    // which a bare migration's look at every schema's tables does not survive (a CI run failed so).
    const { db, migrate } = getCtx();
    await migrate();
    expect(await tableNames(db)).toEqual(expect.arrayContaining(['users', 'sessions', 'refresh_tokens', 'audit_log']));
    expect(Object.keys(migrations).every((name) => /^\d{4}-\d{2}-\d{2}T\d{4}-[a-z-]+$/.test(name))).toBe(true);
  });

  it('give audit_log ids from the database, increasing', async () => {
    const { db } = getCtx();
    const at = new Date().toISOString();
    await db
      .insertInto('audit_log')
      .values({
        at,
        user_id: null,
        username: null,
        action: 'a',
        entity: null,
        entity_id: null,
        client_id: null,
        ip: null,
        detail: null,
      })
      .execute();
    await db
      .insertInto('audit_log')
      .values({
        at,
        user_id: null,
        username: null,
        action: 'b',
        entity: null,
        entity_id: null,
        client_id: null,
        ip: null,
        detail: null,
      })
      .execute();
    const ids = (await db.selectFrom('audit_log').select('id').orderBy('id').execute()).map((r) => r.id);
    expect(ids).toHaveLength(2);
    expect(typeof ids[0]).toBe('number');
    expect(ids[1]!).toBeGreaterThan(ids[0]!);
  });
});

describe('migrations on SQLite', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
  const appDb = () => {
    const dir = mkdtempSync(join(tmpdir(), 'clinic-migrate-'));
    dirs.push(dir);
    return new Kysely<Database>({ dialect: appSqliteDialect(join(dir, 'clinic.sqlite')) });
  };
  const tablesOf = async <DB>(db: Kysely<DB>) => (await db.introspection.getTables()).map((t) => t.name).sort();

  it('commit all together or not at all: a failure in the last leaves none of the others', async () => {
    const db = appDb();
    try {
      const failing: Record<string, Migration> = {
        ...migrations,
        '9999-12-31T2359-fails': {
          up: async (trx) => {
            await trx.schema.createTable('half_made').addColumn('a', 'text').execute();
            throw Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
          },
        },
      };
      const { error } = await new Migrator({
        db,
        provider: { getMigrations: () => Promise.resolve(failing) },
      }).migrateToLatest();
      expect(error).toMatchObject({ code: 'SQLITE_FULL' });
      expect(await tablesOf(db)).toEqual([]);
      expect((await sql`select * from kysely_migration`.execute(db)).rows).toEqual([]);
      await migrateToLatest(db);
      expect(await tablesOf(db)).toEqual(expect.arrayContaining(['users', 'customers', 'audit_log']));
    } finally {
      await db.destroy();
    }
  });

  it('run no statement that SQLite ignores or refuses inside a transaction', async () => {
    const statements: string[] = [];
    const dir = mkdtempSync(join(tmpdir(), 'clinic-migrate-'));
    dirs.push(dir);
    const db = new Kysely<Database>({
      dialect: appSqliteDialect(join(dir, 'clinic.sqlite')),
      log: (event) => void statements.push(event.query.sql),
    });
    try {
      await migrateToLatest(db);
    } finally {
      await db.destroy();
    }
    expect(statements.length).toBeGreaterThan(10);
    // The Migrator's own one transaction around them all, and nothing else of the kind.
    expect(
      statements.filter((text) =>
        /^\s*(?:pragma|vacuum|begin|commit|end|rollback|savepoint|release|attach|detach)\b/i.test(text),
      ),
    ).toEqual(['begin', 'commit']);
  });
});
