import { sql } from 'kysely';
import type { Db } from '../db/dialect';
import type { CountersTable } from './sync.table';

/**
 * Takes the next value of a counter. The upsert holds the counter's row lock until the transaction
 * ends, so on PostgreSQL writers commit in version order and a pull never skips a late commit.
 */
export async function nextCounter(db: Db, name: CountersTable['name']): Promise<number> {
  const row = await db
    .insertInto('counters')
    .values({ name, value: 1 })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value: sql<number>`counters.value + 1` }))
    .returning('value')
    .executeTakeFirstOrThrow();
  return Number(row.value);
}

export async function currentCounter(db: Db, name: CountersTable['name']): Promise<number> {
  const row = await db.selectFrom('counters').select('value').where('name', '=', name).executeTakeFirst();
  return Number(row?.value ?? 0);
}
