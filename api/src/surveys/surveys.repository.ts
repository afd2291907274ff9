import { type Survey, type SurveyAnswers, type SurveyFields, surveyAnswersSchema } from '@clinic/sync-protocol';
import type { Updateable } from 'kysely';
import type { Db } from '../db/dialect';
import { fromFlag } from '../db/dialect';
import { queryTemplate } from '../db/query-template';
import type { SurveyRow, SurveysTable } from './survey.table';

/** The stored JSON text read back, parsed rather than trusted: a damaged row fails loudly, not on a device. */
export const parseAnswers = (text: string): SurveyAnswers => surveyAnswersSchema.parse(JSON.parse(text));

export function toSurvey(row: SurveyRow): Survey {
  return {
    id: row.id,
    customerId: row.customer_id,
    visitId: row.visit_id,
    type: row.type,
    answers: parseAnswers(row.answers),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    updatedBy: row.updated_by,
    version: Number(row.version),
    deleted: fromFlag(row.deleted),
  };
}

/** Wire field name -> column, for patches. */
export const SURVEY_COLUMNS = {
  visitId: 'visit_id',
  answers: 'answers',
} as const satisfies Record<keyof SurveyFields, keyof SurveysTable>;

// Templates: a push runs these once per mutation (see db/query-template.ts).
const selectSurvey = queryTemplate((db, p: { id: string }) =>
  db.selectFrom('surveys').selectAll().where('id', '=', p.id),
);
const insertSurveyRow = queryTemplate((db, row: SurveyRow) => db.insertInto('surveys').values(row));

export async function findSurvey(db: Db, id: string): Promise<SurveyRow | undefined> {
  return (await selectSurvey.execute(db, { id })).rows[0];
}

export async function insertSurvey(db: Db, row: SurveyRow): Promise<void> {
  await insertSurveyRow.execute(db, row);
}

export async function updateSurvey(db: Db, id: string, values: Updateable<SurveysTable>): Promise<void> {
  await db.updateTable('surveys').set(values).where('id', '=', id).execute();
}

/** A survey with its customer's name, which REST answers show; a deleted customer's name too. */
export type SurveyWithCustomer = SurveyRow & { customer_name: string | null; customer_deleted: number | null };

// A LEFT JOIN, so a survey never disappears from a list for want of its customer's row.
const withCustomer = (db: Db) =>
  db
    .selectFrom('surveys')
    .leftJoin('customers', 'customers.id', 'surveys.customer_id')
    .selectAll('surveys')
    .select(['customers.name as customer_name', 'customers.deleted as customer_deleted'])
    .where('surveys.deleted', '=', 0);

/** Live surveys, of one customer when given, newest first, within the limit. */
export function listSurveys(
  db: Db,
  filter: { customerId?: string | undefined; limit: number },
): Promise<SurveyWithCustomer[]> {
  let query = withCustomer(db);
  if (filter.customerId !== undefined) query = query.where('surveys.customer_id', '=', filter.customerId);
  return query.orderBy('surveys.created_at', 'desc').orderBy('surveys.id').limit(filter.limit).execute();
}

/** One live survey with its customer's name. */
export function findLiveSurveyWithCustomer(db: Db, id: string): Promise<SurveyWithCustomer | undefined> {
  return withCustomer(db).where('surveys.id', '=', id).executeTakeFirst();
}
