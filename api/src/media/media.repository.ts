import { type Media, mediaFileName } from '@clinic/sync-protocol';
import type { Updateable } from 'kysely';
import type { Db } from '../db/dialect';
import { fromFlag } from '../db/dialect';
import { queryTemplate } from '../db/query-template';
import type { MediaRow, MediaTable } from './media.table';

const numberOrNull = (value: number | string | null): number | null => (value === null ? null : Number(value));

/** A row as the sync protocol carries it (mediaSchema). */
export function toMedia(row: MediaRow): Media {
  return {
    id: row.id,
    customerId: row.customer_id,
    visitId: row.visit_id,
    kind: row.kind,
    mime: row.mime,
    size: Number(row.size),
    duration: numberOrNull(row.duration),
    width: numberOrNull(row.width),
    height: numberOrNull(row.height),
    capturedAt: row.captured_at,
    quality: numberOrNull(row.quality),
    uploaded: fromFlag(row.uploaded),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    updatedBy: row.updated_by,
    version: Number(row.version),
    deleted: fromFlag(row.deleted),
  };
}

/** What REST answers show: the synced record and the name it downloads under. */
export type MediaAnswer = Media & { fileName: string };

export const mediaAnswer = (row: MediaRow): MediaAnswer => ({
  ...toMedia(row),
  fileName: mediaFileName(row.kind, row.mime, row.captured_at),
});

/** Nothing of a capture is edited after it is taken (MEDIA_FIELDS is empty). */
export const MEDIA_COLUMNS = {} as const;

// Templates: a push runs these once per mutation (see db/query-template.ts).
const selectMedia = queryTemplate((db, p: { id: string }) => db.selectFrom('media').selectAll().where('id', '=', p.id));
const insertMediaRow = queryTemplate((db, row: MediaRow) => db.insertInto('media').values(row));

export async function findMedia(db: Db, id: string): Promise<MediaRow | undefined> {
  return (await selectMedia.execute(db, { id })).rows[0];
}

export async function insertMedia(db: Db, row: MediaRow): Promise<void> {
  await insertMediaRow.execute(db, row);
}

/** Marks a record uploaded unless it already is; false when another request did it first. */
export async function markUploaded(
  db: Db,
  id: string,
  values: Pick<Updateable<MediaTable>, 'stored_bytes' | 'updated_at' | 'updated_by' | 'version'>,
): Promise<boolean> {
  const result = await db
    .updateTable('media')
    .set({ ...values, uploaded: 1 })
    .where('id', '=', id)
    .where('uploaded', '=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** A customer's live captures, newest first. */
export function listCustomerMedia(db: Db, customerId: string): Promise<MediaRow[]> {
  return db
    .selectFrom('media')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('deleted', '=', 0)
    .orderBy('captured_at', 'desc')
    .orderBy('id')
    .execute();
}

/** The customer's latest live visit (by date, then entry), for `linkToLatestMedicalRecord`. */
export async function latestVisitIdOf(db: Db, customerId: string): Promise<string | null> {
  const row = await db
    .selectFrom('visits')
    .select('id')
    .where('customer_id', '=', customerId)
    .where('deleted', '=', 0)
    .orderBy('date', 'desc')
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? null;
}
