import type { Diagnosis, DiagnosisFields } from '@clinic/sync-protocol';
import type { Updateable } from 'kysely';
import type { Db } from '../db/dialect';
import { fromFlag } from '../db/dialect';
import { queryTemplate } from '../db/query-template';
import type { DiagnosesTable, DiagnosisRow } from './diagnosis.table';

export function toDiagnosis(row: DiagnosisRow): Diagnosis {
  return {
    id: row.id,
    customerId: row.customer_id,
    visitId: row.visit_id,
    date: row.date,
    generalHealth: row.general_health,
    notes: row.notes,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    updatedBy: row.updated_by,
    version: Number(row.version),
    deleted: fromFlag(row.deleted),
  };
}

/** Wire field name -> column, for patches. */
export const DIAGNOSIS_COLUMNS = {
  customerId: 'customer_id',
  visitId: 'visit_id',
  date: 'date',
  generalHealth: 'general_health',
  notes: 'notes',
} as const satisfies Record<keyof DiagnosisFields, keyof DiagnosesTable>;

// Templates: a push runs these once per mutation (see db/query-template.ts).
const selectDiagnosis = queryTemplate((db, p: { id: string }) =>
  db.selectFrom('diagnoses').selectAll().where('id', '=', p.id),
);
const insertDiagnosisRow = queryTemplate((db, row: DiagnosisRow) => db.insertInto('diagnoses').values(row));

export async function findDiagnosis(db: Db, id: string): Promise<DiagnosisRow | undefined> {
  return (await selectDiagnosis.execute(db, { id })).rows[0];
}

export async function insertDiagnosis(db: Db, row: DiagnosisRow): Promise<void> {
  await insertDiagnosisRow.execute(db, row);
}

export async function updateDiagnosis(db: Db, id: string, values: Updateable<DiagnosesTable>): Promise<void> {
  await db.updateTable('diagnoses').set(values).where('id', '=', id).execute();
}

/** A diagnosis with its customer's name, which REST answers show; a deleted customer's name too. */
export type DiagnosisWithCustomer = DiagnosisRow & { customer_name: string | null; customer_deleted: number | null };

// A LEFT JOIN, so a record never disappears from a list for want of its customer's row.
const withCustomer = (db: Db) =>
  db
    .selectFrom('diagnoses')
    .leftJoin('customers', 'customers.id', 'diagnoses.customer_id')
    .selectAll('diagnoses')
    .select(['customers.name as customer_name', 'customers.deleted as customer_deleted'])
    .where('diagnoses.deleted', '=', 0);

/** Live records, of one customer when given, newest first (by date, then by when entered), within the limit. */
export function listDiagnoses(
  db: Db,
  filter: { customerId?: string | undefined; limit: number },
): Promise<DiagnosisWithCustomer[]> {
  let query = withCustomer(db);
  if (filter.customerId !== undefined) query = query.where('diagnoses.customer_id', '=', filter.customerId);
  return query
    .orderBy('diagnoses.date', 'desc')
    .orderBy('diagnoses.created_at', 'desc')
    .orderBy('diagnoses.id')
    .limit(filter.limit)
    .execute();
}

/** One live record with its customer's name. */
export function findLiveDiagnosisWithCustomer(db: Db, id: string): Promise<DiagnosisWithCustomer | undefined> {
  return withCustomer(db).where('diagnoses.id', '=', id).executeTakeFirst();
}
