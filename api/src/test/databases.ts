import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, sql } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import type { Database } from '../db/database';
import { appPostgresDialect, appSqliteDialect } from '../db/connect';
import { migrateToLatest } from '../db/migrate';
import { isPostgres } from '../db/dialect';

export interface TestDatabase {
  name: string;
  /** A fresh database with no rows (PGlite's already has the app's schema); `migrate` brings it to the app's schema. */
  open(): Promise<{ db: Kysely<Database>; migrate(): Promise<void>; close(): Promise<void> }>;
}

const sqliteFile: TestDatabase = {
  name: 'sqlite',
  open() {
    const dir = mkdtempSync(join(tmpdir(), 'clinic-api-test-'));
    const db = new Kysely<Database>({ dialect: appSqliteDialect(join(dir, 'clinic.sqlite')) });
    return Promise.resolve({
      db,
      migrate: () => migrateToLatest(db),
      close: async () => {
        await db.destroy();
        rmSync(dir, { recursive: true, force: true });
      },
    });
  },
};

const pglite: TestDatabase = {
  name: 'pglite',
  async open() {
    const db = new Kysely<Database>({ dialect: new PGliteDialect(await migratedPglite()) });
    return { db, migrate: () => migrateToLatest(db), close: () => db.destroy() };
  },
};

/**
 * initdb takes ~4 s per PGlite and the migrations 0.5–2 s more; loading a saved cluster takes ~0.5 s. So the
 * first test file to need one saves a migrated cluster, named after the migrations' own text: a changed
 * migration names another file, and a cluster another PGlite cannot load is made again. `migrate` then finds
 * nothing to do.
 */
const PGLITE_TEMPLATE = join(tmpdir(), `clinic-api-pglite-${templateVersion()}.tar`);

function templateVersion(): string {
  const hash = createHash('sha256');
  const migrations = fileURLToPath(new URL('../db/migrations/', import.meta.url));
  for (const file of readdirSync(migrations).sort()) hash.update(file).update(readFileSync(join(migrations, file)));
  return hash.digest('hex').slice(0, 16);
}

async function migratedPglite(): Promise<PGlite> {
  if (existsSync(PGLITE_TEMPLATE)) {
    try {
      const pg = new PGlite({ loadDataDir: new Blob([readFileSync(PGLITE_TEMPLATE)]) });
      await pg.query('select 1');
      return pg;
    } catch {
      rmSync(PGLITE_TEMPLATE, { force: true });
    }
  }
  const pg = new PGlite();
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pg) });
  await migrateToLatest(db);
  const dump = await pg.dumpDataDir('none');
  // Parallel test files may race here: write aside, then rename (atomic), so no one reads half a file.
  const partial = `${PGLITE_TEMPLATE}.${process.pid}.${crypto.randomUUID()}`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, PGLITE_TEMPLATE);
  return pg;
}

/** Any number; the same on every side that must not overlap (see underSchemaLock). */
const SCHEMA_LOCK = 727_2511;

/**
 * Runs `task` while no other test file migrates or drops a schema on this server. Kysely's migrator asks
 * whether its table exists by listing the tables of every schema, and a schema another file drops at that
 * moment fails that listing ("relation test_….kysely_migration does not exist"): seen in full runs.
 * A session-level advisory lock, on a connection of its own, keeps the two apart.
 */
async function underSchemaLock<T>(url: string, task: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [SCHEMA_LOCK]);
    return await task();
  } finally {
    await client.end(); // ending the session releases its lock
  }
}

/** A real server: each test file gets its own schema, dropped afterwards. */
const postgresServer = (url: string): TestDatabase => ({
  name: 'postgres',
  async open() {
    const schema = `test_${crypto.randomUUID().replaceAll('-', '')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    const pool = new pg.Pool({ connectionString: url, options: `-c search_path=${schema}`, max: 4 });
    const db = new Kysely<Database>({ dialect: appPostgresDialect(pool) });
    return {
      db,
      migrate: () => underSchemaLock(url, () => migrateToLatest(db)),
      close: async () => {
        await underSchemaLock(url, () => sql`drop schema ${sql.id(schema)} cascade`.execute(db));
        await db.destroy();
      },
    };
  },
});

/**
 * A real PostgreSQL server for the tests: `npm test` passes its throwaway cluster as TEST_DATABASE_URL
 * (and clears DATABASE_URL, which servers that tests start would otherwise pick up); DATABASE_URL works
 * too when running vitest by hand.
 */
const serverUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;

export const testDatabases: TestDatabase[] = [sqliteFile, pglite, ...(serverUrl ? [postgresServer(serverUrl)] : [])];

/** Empties every table (whatever later migrations add) so each test starts from the same state. */
export async function wipe(db: Kysely<Database>): Promise<void> {
  const tables = (await tableNames(db)).filter((name) => !name.startsWith('kysely_migration'));
  if (tables.length === 0) return;
  if (isPostgres(db)) {
    await sql`truncate ${sql.join(tables.map((t) => sql.id(t)))} restart identity cascade`.execute(db);
    return;
  }
  await sql`pragma foreign_keys = OFF`.execute(db);
  for (const table of tables) await sql`delete from ${sql.id(table)}`.execute(db);
  await sql`pragma foreign_keys = ON`.execute(db);
}

/**
 * The tables of this database's own schema. On a shared PostgreSQL server Kysely's introspection reads every
 * schema, and another test file dropping its schema at that moment failed this one ("schema … does not exist").
 */
export async function tableNames(db: Kysely<Database>): Promise<string[]> {
  if (!isPostgres(db)) return (await db.introspection.getTables()).map((t) => t.name);
  const { rows } = await sql<{ name: string }>`
    select tablename as name from pg_catalog.pg_tables where schemaname = current_schema()`.execute(db);
  return rows.map((row) => row.name);
}
