import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../dialect';

// Frozen: never edit after release; add a new migration instead. Typed Kysely<any> on purpose.

/**
 * PostgreSQL: the sync version and the カルテ番号 move from rows of `counters` to sequences.
 * Taking a value from a row holds that row's lock until the transaction ends, so every push waited for
 * every other push to commit (at 200 tablets, most connections sat in that queue). A sequence hands out
 * values without a lock; how a pull still never skips a later commit is in sync/counters.repository.ts.
 * SQLite keeps the rows: it has one writer anyway.
 *
 * The sequences are OWNED BY counters.value, so they go with that table and `truncate counters restart
 * identity` starts them again, as emptying the table did before.
 */
const SEQUENCES = [
  { name: 'version', sequence: 'sync_version_seq' },
  { name: 'chart_number', sequence: 'sync_chart_number_seq' },
] as const;

// `any`: migrations must not depend on the app's current types.
export async function up(db: Kysely<any>): Promise<void> {
  // The highest version a client's last push took: a pull waits until every version up to it has
  // settled, so the lastMutationId it answers never names a change its rows lack.
  await db.schema
    .alterTable('sync_clients')
    .addColumn('last_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  if (!isPostgres(db)) return;
  for (const { name, sequence } of SEQUENCES) {
    await sql`create sequence ${sql.id(sequence)} as bigint minvalue 1 start 1 owned by counters.value`.execute(db);
    await sql`select setval(${sequence}, value) from counters where name = ${name} and value > 0`.execute(db);
    await db.deleteFrom('counters').where('name', '=', name).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sync_clients').dropColumn('last_version').execute();
  if (!isPostgres(db)) return;
  for (const { name, sequence } of SEQUENCES) {
    await sql`insert into counters (name, value) select ${name}, last_value from ${sql.id(sequence)} where is_called`.execute(
      db,
    );
    await sql`drop sequence ${sql.id(sequence)}`.execute(db);
  }
}
