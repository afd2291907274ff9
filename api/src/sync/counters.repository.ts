import { sql } from 'kysely';
import type { Db } from '../db/dialect';
import { queryTemplate } from '../db/query-template';
import type { CountersTable } from './sync.table';

// A template: a push takes one or two values per mutation (see db/query-template.ts).
const takeNextValue = queryTemplate((db, p: { name: CountersTable['name'] }) =>
  db
    .insertInto('counters')
    .values({ name: p.name, value: 1 })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value: sql<number>`counters.value + 1` }))
    .returning('value'),
);

/**
 * Takes the next value of a counter. The upsert holds the counter's row lock until the transaction
 * ends, so on PostgreSQL writers commit in version order and a pull never skips a late commit.
 */
export async function nextCounter(db: Db, name: CountersTable['name']): Promise<number> {
  const [row] = (await takeNextValue.execute(db, { name })).rows;
  if (!row) throw new Error(`counter ${name} returned no value`);
  return Number(row.value);
}

export async function currentCounter(db: Db, name: CountersTable['name']): Promise<number> {
  const row = await db.selectFrom('counters').select('value').where('name', '=', name).executeTakeFirst();
  return Number(row?.value ?? 0);
}
