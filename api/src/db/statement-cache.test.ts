import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type BetterSqlite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { type MockInstance, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openSqlite } from './connect';
import { withStatementCache } from './statement-cache';

const INSERT = 'insert into t (id, v) values (?, ?)';
const SELECT = 'select v from t where id = ?';

describe('withStatementCache', () => {
  let dir: string;
  let sqlite: BetterSqlite.Database;
  let prepare: MockInstance<BetterSqlite.Database['prepare']>;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'clinic-statements-'));
    sqlite = openSqlite(join(dir, 'cache.sqlite'));
    sqlite.exec('create table t (id integer primary key, v text)');
    prepare = vi.spyOn(sqlite, 'prepare');
  });
  afterEach(() => {
    if (sqlite.open) sqlite.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('prepares the same SQL once and different SQL separately', () => {
    const cache = withStatementCache(sqlite);
    const first = cache.prepare(SELECT);
    expect(cache.prepare(SELECT)).toBe(first);
    expect(cache.prepare(INSERT)).not.toBe(first);
    expect(prepare.mock.calls.map(([sql]) => sql)).toEqual([SELECT, INSERT]);
  });

  it('binds each call’s own parameters to a reused statement', () => {
    const cache = withStatementCache(sqlite);
    cache.prepare(INSERT).run([1, 'one']);
    cache.prepare(INSERT).run([2, 'two']);
    expect(cache.prepare(SELECT).all([2])).toEqual([{ v: 'two' }]);
    expect(cache.prepare(SELECT).all([1])).toEqual([{ v: 'one' }]);
    expect(cache.prepare(SELECT).all([3])).toEqual([]);
    expect(prepare).toHaveBeenCalledTimes(2);
  });

  it('keeps the most recently used statements and drops the oldest beyond its capacity', () => {
    const cache = withStatementCache(sqlite, 2);
    const a = cache.prepare('select 1');
    cache.prepare('select 2');
    expect(cache.prepare('select 1')).toBe(a); // now the most recent
    cache.prepare('select 3'); // drops "select 2"
    expect(cache.prepare('select 1')).toBe(a);
    cache.prepare('select 2');
    expect(prepare.mock.calls.map(([sql]) => sql)).toEqual(['select 1', 'select 2', 'select 3', 'select 2']);
  });

  it('gives a fresh statement while the cached one is still iterating', () => {
    const cache = withStatementCache(sqlite);
    cache.prepare(INSERT).run([1, 'one']);
    cache.prepare(INSERT).run([2, 'two']);
    const all = 'select v from t order by id';
    const rows = cache.prepare(all).iterate([]);
    expect(rows.next().value).toEqual({ v: 'one' });
    expect(cache.prepare(all).all([])).toEqual([{ v: 'one' }, { v: 'two' }]);
    expect(rows.next().value).toEqual({ v: 'two' });
    rows.return?.();
  });

  it('closes the database with it', () => {
    withStatementCache(sqlite).close();
    expect(sqlite.open).toBe(false);
  });

  it('serves Kysely: repeated queries with other values answer correctly', async () => {
    const db = new Kysely<{ t: { id: number; v: string } }>({
      dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
    });
    for (const [id, v] of [
      [1, 'one'],
      [2, 'two'],
      [3, 'three'],
    ] as const)
      await db.insertInto('t').values({ id, v }).execute();
    const find = (id: number) => db.selectFrom('t').select('v').where('id', '=', id).executeTakeFirst();
    expect([await find(3), await find(1), await find(4)]).toEqual([{ v: 'three' }, { v: 'one' }, undefined]);
    // One insert and one select, whatever the values.
    expect(prepare).toHaveBeenCalledTimes(2);
    await db.destroy();
  });
});
