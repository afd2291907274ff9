import type { Customer, CustomerFields } from '@clinic/sync-protocol';
import type { Updateable } from 'kysely';
import type { Db } from '../db/dialect';
import { fromFlag, toCount } from '../db/dialect';
import { queryTemplate } from '../db/query-template';
import type { CustomerRow, CustomersTable } from './customer.table';

export function toCustomer(row: CustomerRow): Customer {
  return {
    id: row.id,
    chartNumber: Number(row.chart_number),
    name: row.name,
    nameKana: row.name_kana,
    age: row.age === null ? null : Number(row.age),
    birthDate: row.birth_date,
    gender: row.gender,
    phone: row.phone,
    email: row.email,
    address: row.address,
    medicalHistory: row.medical_history,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    updatedBy: row.updated_by,
    version: Number(row.version),
    deleted: fromFlag(row.deleted),
  };
}

/** Wire field name -> column, for patches. */
export const CUSTOMER_COLUMNS = {
  name: 'name',
  nameKana: 'name_kana',
  age: 'age',
  birthDate: 'birth_date',
  gender: 'gender',
  phone: 'phone',
  email: 'email',
  address: 'address',
  medicalHistory: 'medical_history',
} as const satisfies Record<keyof CustomerFields, keyof CustomersTable>;

// Templates: a push runs these once per mutation (see db/query-template.ts).
const selectCustomer = queryTemplate((db, p: { id: string }) =>
  db.selectFrom('customers').selectAll().where('id', '=', p.id),
);
const insertCustomerRow = queryTemplate((db, row: CustomerRow) => db.insertInto('customers').values(row));

export async function findCustomer(db: Db, id: string): Promise<CustomerRow | undefined> {
  return (await selectCustomer.execute(db, { id })).rows[0];
}

export async function insertCustomer(db: Db, row: CustomerRow): Promise<void> {
  await insertCustomerRow.execute(db, row);
}

export async function updateCustomer(db: Db, id: string, values: Updateable<CustomersTable>): Promise<void> {
  await db.updateTable('customers').set(values).where('id', '=', id).execute();
}

/** Live customers matching a search over name, フリガナ, phone and e-mail (case-insensitive). */
export function searchCustomers(db: Db, options: { search?: string; limit: number }): Promise<CustomerRow[]> {
  let query = db.selectFrom('customers').selectAll().where('deleted', '=', 0);
  // LIKE wildcards are dropped rather than escaped: SQLite and PostgreSQL escape differently.
  const term = options.search
    ?.trim()
    .toLowerCase()
    .replace(/[\\%_]/g, '');
  if (term) {
    const like = `%${term}%`;
    query = query.where((eb) =>
      eb.or(
        (['name', 'name_kana', 'phone', 'email'] as const).map((column) =>
          eb(eb.fn('lower', [eb.ref(column)]), 'like', eb.fn('lower', [eb.val(like)])),
        ),
      ),
    );
  }
  return query.orderBy('chart_number', 'desc').limit(options.limit).execute();
}

export async function customerStats(db: Db, monthStart: string) {
  const rows = await db
    .selectFrom('customers')
    .select(['gender', (eb) => eb.fn.countAll().as('count')])
    .where('deleted', '=', 0)
    .groupBy('gender')
    .execute();
  const created = await db
    .selectFrom('customers')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('deleted', '=', 0)
    .where('created_at', '>=', monthStart)
    .executeTakeFirst();
  const byGender = { female: 0, male: 0, unset: 0 };
  for (const row of rows) byGender[row.gender] = toCount(row.count);
  return {
    total: byGender.female + byGender.male + byGender.unset,
    byGender,
    createdThisMonth: toCount(created?.count),
  };
}
