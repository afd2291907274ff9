import type { PainMarker, PainMarkerFields } from '@clinic/sync-protocol';
import type { Updateable } from 'kysely';
import type { Db } from '../db/dialect';
import { fromFlag } from '../db/dialect';
import { queryTemplate } from '../db/query-template';
import type { PainMarkerRow, PainMarkersTable } from './diagnosis.table';

export function toPainMarker(row: PainMarkerRow): PainMarker {
  return {
    id: row.id,
    diagnosisId: row.diagnosis_id,
    number: Number(row.number),
    view: row.view,
    x: Number(row.x),
    y: Number(row.y),
    region: row.region,
    bodyPart: row.body_part,
    painLevel: Number(row.pain_level),
    notes: row.notes,
    resolved: fromFlag(row.resolved),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    updatedBy: row.updated_by,
    version: Number(row.version),
    deleted: fromFlag(row.deleted),
  };
}

/** Wire field name -> column, for patches. */
export const PAIN_MARKER_COLUMNS = {
  number: 'number',
  view: 'view',
  x: 'x',
  y: 'y',
  region: 'region',
  bodyPart: 'body_part',
  painLevel: 'pain_level',
  notes: 'notes',
  resolved: 'resolved',
} as const satisfies Record<keyof PainMarkerFields, keyof PainMarkersTable>;

// Templates: a push runs these once per mutation (see db/query-template.ts).
const selectMarker = queryTemplate((db, p: { id: string }) =>
  db.selectFrom('pain_markers').selectAll().where('id', '=', p.id),
);
const insertMarkerRow = queryTemplate((db, row: PainMarkerRow) => db.insertInto('pain_markers').values(row));

export async function findPainMarker(db: Db, id: string): Promise<PainMarkerRow | undefined> {
  return (await selectMarker.execute(db, { id })).rows[0];
}

export async function insertPainMarker(db: Db, row: PainMarkerRow): Promise<void> {
  await insertMarkerRow.execute(db, row);
}

export async function updatePainMarker(db: Db, id: string, values: Updateable<PainMarkersTable>): Promise<void> {
  await db.updateTable('pain_markers').set(values).where('id', '=', id).execute();
}

/** The live markers of these records, by record, then in the order of their numbers. */
export async function liveMarkersOf(db: Db, diagnosisIds: readonly string[]): Promise<PainMarkerRow[]> {
  if (diagnosisIds.length === 0) return [];
  return db
    .selectFrom('pain_markers')
    .selectAll()
    .where('diagnosis_id', 'in', diagnosisIds)
    .where('deleted', '=', 0)
    .orderBy('diagnosis_id')
    .orderBy('number')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}
