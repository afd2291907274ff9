import { sql } from 'kysely';
import type { Db } from '../db/dialect';
import { isPostgres } from '../db/dialect';
import { queryTemplate } from '../db/query-template';
import type { CountersTable } from './sync.table';

/**
 * The two counters, the global sync version and the カルテ番号, are kept differently per database:
 *
 * - SQLite: a row of `counters` each, taken with an upsert. SQLite has one writer, so transactions
 *   commit in the order they took their values and a pull can read up to the counter.
 * - PostgreSQL: a sequence each (migration 2026-12-01T0100). The rows used to be taken the same way,
 *   but the upsert holds the row's lock until commit, so every push waited for every push before it:
 *   with 200 tablets most connections stood in that queue. A sequence takes no lock, so pushes run side
 *   by side and commit in any order. What that costs, and how pulls stay exact, is explained at
 *   `settledVersion` below. A rolled-back push leaves its values unused: versions and カルテ番号 can
 *   have gaps on PostgreSQL (they were never promised to be consecutive, only unique and increasing).
 */
const SEQUENCES = { version: 'sync_version_seq', chart_number: 'sync_chart_number_seq' } as const satisfies Record<
  CountersTable['name'],
  string
>;

/**
 * Advisory-lock namespace (the first of the two int4 keys) for "a transaction may still commit
 * versions above this floor": the version sequence's own oid, so databases or schemas that share a
 * server never see each other's marks. Shared locks never wait for each other.
 */
const IN_FLIGHT_LOCK = sql`((('sync_version_seq'::regclass)::oid)::bigint % 2147483647)`;

// A template: a push takes one or two values per mutation (see db/query-template.ts).
const takeNextValue = queryTemplate((db, p: { name: CountersTable['name'] }) =>
  db
    .insertInto('counters')
    .values({ name: p.name, value: 1 })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value: sql<number>`counters.value + 1` }))
    .returning('value'),
);

/**
 * PostgreSQL: the next version, after marking this transaction as one that may still commit versions
 * above `floor` (the sequence's value before this one was taken). The materialized CTE runs first, so
 * the mark is in pg_locks before the new value can be seen in the sequence; the lock lasts until this
 * transaction has committed (and is visible) or rolled back.
 */
const markAndTakeVersion = sql<{ value: string }>`
  with in_flight as materialized (
    select pg_advisory_xact_lock_shared(${IN_FLIGHT_LOCK}::int4, (last_value - case when is_called then 0 else 1 end)::int4) from sync_version_seq
  )
  select nextval('sync_version_seq') as value from in_flight`;

/**
 * Takes the next value of a counter, in the caller's transaction. On PostgreSQL a transaction's first
 * version marks it as in flight; pass `marked` for its later ones. One mark per transaction, taken
 * before it writes anything, also means it never waits for a lock while holding rows (see settledVersion).
 */
export async function nextCounter(db: Db, name: CountersTable['name'], { marked = false } = {}): Promise<number> {
  if (isPostgres(db)) {
    const query =
      name === 'version' && !marked
        ? markAndTakeVersion
        : sql<{ value: string }>`select nextval(${SEQUENCES[name]}) as value`;
    const [row] = (await query.execute(db)).rows;
    if (!row) throw new Error(`counter ${name} returned no value`);
    return Number(row.value);
  }
  const [row] = (await takeNextValue.execute(db, { name })).rows;
  if (!row) throw new Error(`counter ${name} returned no value`);
  return Number(row.value);
}

/**
 * PostgreSQL: `count` values of a counter in one statement, in increasing order (marked as nextCounter
 * does: the mark's CTE runs before any of them is taken).
 */
export async function nextCounters(
  db: Db,
  name: CountersTable['name'],
  count: number,
  { marked = false } = {},
): Promise<number[]> {
  if (!isPostgres(db)) throw new Error('nextCounters is for PostgreSQL; SQLite takes each value from its row');
  const sequence = SEQUENCES[name];
  const query =
    name === 'version' && !marked
      ? sql<{ value: string }>`
          with in_flight as materialized (
            select pg_advisory_xact_lock_shared(${IN_FLIGHT_LOCK}::int4, (last_value - case when is_called then 0 else 1 end)::int4) from sync_version_seq
          )
          select nextval('sync_version_seq') as value from in_flight, generate_series(1, ${count}::int4)`
      : sql<{ value: string }>`select nextval(${sequence}) as value from generate_series(1, ${count}::int4)`;
  const values = (await query.execute(db)).rows.map((row) => Number(row.value)).sort((a, b) => a - b);
  if (values.length !== count) throw new Error(`counter ${name} returned ${values.length} values, not ${count}`);
  return values;
}

/** The last value a counter handed out (0 when none), committed or not on PostgreSQL. */
export async function currentCounter(db: Db, name: CountersTable['name']): Promise<number> {
  if (isPostgres(db)) {
    const { rows } = await sql<{
      value: string;
    }>`select case when is_called then last_value else 0 end as value from ${sql.table(SEQUENCES[name])}`.execute(db);
    return Number(rows[0]?.value ?? 0);
  }
  const row = await db.selectFrom('counters').select('value').where('name', '=', name).executeTakeFirst();
  return Number(row?.value ?? 0);
}

/** A client's progress as it stood before a pull's snapshot. */
export type ClientProgress = { lastMutationId: number; lastVersion: number };

/**
 * A version up to which every version has settled: committed (and visible to any snapshot taken after
 * this returns) or rolled back for good. It is at least the client's `lastVersion`, the highest version
 * of its own last push. A pull reads changes up to it, so it never passes over a row that commits later
 * with a smaller version, and the lastMutationId it answers never names a change its rows lack (the
 * device would drop that change from its outbox and show the record without it until the next pull).
 * Call it BEFORE the pull's snapshot is taken (outside its transaction).
 *
 * SQLite has one writer and commits in version order: its counter has always settled.
 *
 * On PostgreSQL versions come from a sequence and transactions commit in any order, so the sequence's
 * value L alone is not enough: a push holding a version v <= L may not have committed yet. Every such
 * transaction marks itself with an advisory lock keyed by a floor F < all its versions, before it takes
 * one (nextCounter). One statement reads L first and then the floors still marked:
 * - a version v <= L was taken before L was read, so its transaction's mark was set before that too;
 * - if that transaction is still running when pg_locks is read, its floor is listed, below v;
 * - if it has ended, its locks were released only after its commit became visible, so a snapshot taken
 *   afterwards sees its rows.
 * So every version up to min(L, lowest floor) has settled. When the client's own last push lies above
 * that (another push that started earlier is still running), the pull waits for each transaction whose
 * floor is below the client's version (an exclusive request on that key waits for its shared holders);
 * then every version up to the client's has settled. No deadlock: a marking transaction takes its one
 * mark before it writes, and holds nothing a pull waits for but the mark itself.
 * The cost: while an earlier push is in flight, pulls stop below it and pick up the rest next round.
 */
export async function settledVersion(
  db: Db,
  clientId: string,
): Promise<{ version: number; client: ClientProgress | null }> {
  if (!isPostgres(db)) {
    const client = await db
      .selectFrom('sync_clients')
      .select(['last_mutation_id', 'last_version'])
      .where('client_id', '=', clientId)
      .executeTakeFirst();
    return { version: await currentCounter(db, 'version'), client: client ? progress(client) : null };
  }
  const { rows } = await sql<{
    latest: string;
    floors: string[] | null;
    last_mutation_id: string | null;
    last_version: string | null;
  }>`
    with latest as materialized (
      select case when is_called then last_value else 0 end as value from sync_version_seq
    )
    select latest.value as latest,
      (select array_agg(distinct objid::text::bigint) from pg_locks
        where locktype = 'advisory' and granted and classid = ${IN_FLIGHT_LOCK}::oid and objsubid = 2
          and database = (select oid from pg_database where datname = current_database())) as floors,
      c.last_mutation_id, c.last_version
    from latest left join sync_clients c on c.client_id = ${clientId}`.execute(db);
  const row = rows[0];
  if (!row) throw new Error('sync_version_seq returned no row');
  const floors = (row.floors ?? []).map(Number);
  const client =
    row.last_mutation_id === null
      ? null
      : progress({ last_mutation_id: row.last_mutation_id, last_version: row.last_version ?? 0 });
  const settled = Math.min(Number(row.latest), ...floors);
  const own = client?.lastVersion ?? 0;
  if (own <= settled) return { version: settled, client };
  const blocking = floors.filter((floor) => floor < own);
  await sql`select pg_advisory_xact_lock(${IN_FLIGHT_LOCK}::int4, floor::int4) from unnest(${blocking}::bigint[]) as floor`.execute(
    db,
  );
  return { version: own, client };
}

const progress = (row: { last_mutation_id: number | string; last_version: number | string }): ClientProgress => ({
  lastMutationId: Number(row.last_mutation_id),
  lastVersion: Number(row.last_version),
});

/** Raises a counter to at least `value` (a restored record keeps its カルテ番号), in the caller's transaction. */
export async function raiseCounter(db: Db, name: CountersTable['name'], value: number): Promise<void> {
  if (isPostgres(db)) {
    const sequence = sql.table(SEQUENCES[name]);
    // setval is not transactional and nextval takes no row lock: without this, another push could take
    // `value` between the read and the setval, and two records would get it. The no-op ALTER takes a
    // lock that nextval's conflicts with, held until this transaction ends.
    await sql`alter sequence ${sequence} increment by 1`.execute(db);
    await sql`select setval(${SEQUENCES[name]}, ${value}) from ${sequence} where not is_called or last_value < ${value}`.execute(
      db,
    );
    return;
  }
  await db
    .insertInto('counters')
    .values({ name, value: 0 })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  await db.updateTable('counters').set({ value }).where('name', '=', name).where('value', '<', value).execute();
}

/** Both counters as they stand, for a copy of the data (the tests' miniature backup). */
export async function readCounters(db: Db): Promise<Record<CountersTable['name'], number>> {
  return { version: await currentCounter(db, 'version'), chart_number: await currentCounter(db, 'chart_number') };
}

/** Puts both counters back as `readCounters` read them (the tests' miniature restore). */
export async function writeCounters(db: Db, values: Record<CountersTable['name'], number>): Promise<void> {
  for (const name of Object.keys(SEQUENCES) as CountersTable['name'][]) {
    if (isPostgres(db)) {
      const value = values[name];
      await sql`select setval(${SEQUENCES[name]}, ${Math.max(1, value)}, ${value > 0})`.execute(db);
    } else {
      await db.deleteFrom('counters').where('name', '=', name).execute();
      if (values[name] > 0) await db.insertInto('counters').values({ name, value: values[name] }).execute();
    }
  }
}
