import { type FaceAnalysisRecord, type FaceFrame, faceFrameSchema, faceSchema } from '@clinic/sync-protocol';
import { z } from 'zod';
import type { Db } from '../db/dialect';
import { fromFlag } from '../db/dialect';
import { queryTemplate } from '../db/query-template';
import type { FaceAnalysisRow } from './face-analysis.table';

/** The most analyses a customer's history answers. */
export const HISTORY_LIMIT = 100;

// The stored JSON text read back, parsed rather than trusted: a damaged row fails loudly, not on a device.
const facesSchema = z.array(faceSchema);
const framesSchema = z.array(faceFrameSchema);
export const parseFaces = (text: string): FaceAnalysisRecord['faces'] => facesSchema.parse(JSON.parse(text));
const parseFrames = (text: string | null): FaceFrame[] | null =>
  text === null ? null : framesSchema.parse(JSON.parse(text));

/** A row as the sync protocol carries it (faceAnalysisSchema). */
export function toFaceAnalysis(row: FaceAnalysisRow): FaceAnalysisRecord {
  return {
    id: row.id,
    customerId: row.customer_id,
    visitId: row.visit_id,
    mediaId: row.media_id,
    source: row.source,
    analysedAt: row.analysed_at,
    processingTime: Number(row.processing_time),
    faces: parseFaces(row.faces),
    frames: parseFrames(row.frames),
    engine: row.engine,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    updatedBy: row.updated_by,
    version: Number(row.version),
    deleted: fromFlag(row.deleted),
  };
}

/** Nothing of an analysis is edited after it is made (FACE_ANALYSIS_FIELDS is empty). */
export const FACE_ANALYSIS_COLUMNS = {} as const;

// Templates: a push runs these once per mutation (see db/query-template.ts).
const selectAnalysis = queryTemplate((db, p: { id: string }) =>
  db.selectFrom('face_analyses').selectAll().where('id', '=', p.id),
);
const insertAnalysisRow = queryTemplate((db, row: FaceAnalysisRow) => db.insertInto('face_analyses').values(row));

export async function findFaceAnalysis(db: Db, id: string): Promise<FaceAnalysisRow | undefined> {
  return (await selectAnalysis.execute(db, { id })).rows[0];
}

export async function insertFaceAnalysis(db: Db, row: FaceAnalysisRow): Promise<void> {
  await insertAnalysisRow.execute(db, row);
}

/** A customer's live analyses, newest first. */
export function listCustomerFaceAnalyses(
  db: Db,
  customerId: string,
  limit = HISTORY_LIMIT,
): Promise<FaceAnalysisRow[]> {
  return db
    .selectFrom('face_analyses')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('deleted', '=', 0)
    .orderBy('analysed_at', 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
}
