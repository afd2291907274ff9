import type { UploadBudget } from './upload-budget';
import { SNIFF_BYTES, sniffMediaType } from '@clinic/sync-protocol';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import { auditChange } from '../sync/audit-change';
import { nextCounter } from '../sync/counters.repository';
import { changeStamp } from '../sync/record-writes';
import { MEDIA_AUDIT_NAME } from './media.mutators';
import { findMedia, markUploaded } from './media.repository';
import type { MediaRow } from './media.table';
import { thumbnailOf } from './media-images';
import { MEDIA_SERVER_MESSAGES as M } from './media-messages';
import type { MediaStore } from './media-store';

/** A photo or video the server will not take, with the status and the words to answer. */
export class MediaRefused extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 416 | 429,
    message: string,
  ) {
    super(message);
    this.name = 'MediaRefused';
  }
}

/** Who sent a file, for the audit log. */
export type Uploader = {
  user: { id: string; username: string };
  ip: string | null;
  /** The device it came from (X-Client-Id), so the access log names it (施術室1), not its address. */
  clientId?: string | null;
};
export type MediaDeps = {
  db: Kysely<Database>;
  now: () => Date;
  store: () => MediaStore;
  /** Per account caps on uploads (upload-budget.ts); the media routes set it, other writers of files need none. */
  budget?: UploadBudget;
};

/** The record if it is there and not deleted. */
export async function liveMedia(db: Kysely<Database>, id: string): Promise<MediaRow> {
  const row = await findMedia(db, id);
  if (!row) throw new MediaRefused(404, M.notSynced);
  if (Number(row.deleted)) throw new MediaRefused(409, M.deleted);
  return row;
}

/**
 * Checks a whole stored file against what its record says: its first bytes must be the recorded
 * type (an SVG or a page renamed .jpg never stays on disk) and its length the recorded size; a photo
 * must decode, and gets its thumbnail. A refused file is deleted with its upload record; an accepted
 * one is fsynced with its folder before this returns.
 */
export async function checkStoredFile(
  store: MediaStore,
  id: string,
  expected: Pick<MediaRow, 'kind' | 'mime' | 'size'>,
): Promise<number> {
  const bytes = await store.storedBytes(id);
  if (bytes === null) throw new MediaRefused(404, M.notUploaded);
  const sniffed = sniffMediaType(await store.firstBytes(id, SNIFF_BYTES));
  let refusal =
    sniffed === null
      ? new MediaRefused(415, M.typeRefused)
      : sniffed !== expected.mime
        ? new MediaRefused(415, M.typeMismatch)
        : bytes !== Number(expected.size)
          ? new MediaRefused(400, M.lengthMismatch)
          : null;
  if (!refusal && expected.kind === 'photo') {
    const thumbnail = await store.withLocalFile(id, (path) => thumbnailOf(path)).catch(() => null);
    if (thumbnail) await store.saveThumbnail(id, thumbnail);
    else refusal = new MediaRefused(415, M.typeRefused);
  }
  if (refusal) {
    await store.remove(id);
    throw refusal;
  }
  // On disk for good before anyone is told it is stored (the record marked, the upload answered).
  await store.persist(id);
  return bytes;
}

/**
 * Who took the capture, when someone else sends its file: the person its record names (the author of
 * its media.create, issue 38). A tablet's queue may upload a photo 佐藤 took during 鈴木's sign-in;
 * the photo stays 佐藤's and 鈴木 is named as its sender, as for any other change. An account removed
 * since is still the author; a name the server does not know leaves the sender as the author.
 */
async function takenBy(
  trx: Kysely<Database>,
  row: MediaRow,
  by: Uploader,
): Promise<{ id: string; username: string } | null> {
  if (row.updated_by === by.user.username) return null;
  const user = await trx
    .selectFrom('users')
    .select(['id', 'username'])
    .where('username', '=', row.updated_by)
    .orderBy('deleted', 'asc')
    .executeTakeFirst();
  return user ?? null;
}

/**
 * A whole file has arrived for a record the server holds (by tus, or multipart for a synced record):
 * once checked, the record is marked uploaded in one transaction with a new version, so every
 * device's next pull learns it, and the change is audited. Safe to run twice: a record already
 * uploaded is returned as it is.
 */
export async function finishUpload(
  deps: MediaDeps,
  id: string,
  by: Uploader,
  via: 'tus' | 'multipart',
): Promise<MediaRow> {
  const row = await liveMedia(deps.db, id);
  if (Number(row.uploaded)) return row;
  const bytes = await checkStoredFile(deps.store(), id, row);
  return deps.db.transaction().execute(async (trx) => {
    const version = await nextCounter(trx, 'version');
    const author = await takenBy(trx, row, by);
    const ctx = {
      trx,
      version,
      now: deps.now().toISOString(),
      user: by.user,
      ...(author ? { author } : {}),
      clientId: by.clientId ?? null,
      mutationId: null,
      ip: by.ip,
    };
    const values = { stored_bytes: bytes, ...changeStamp(ctx) };
    // Only the first finisher marks it (a HEAD and a PATCH may both see the whole file).
    if (!(await markUploaded(trx, id, values))) return (await findMedia(trx, id)) ?? row;
    await auditChange(ctx, { entity: MEDIA_AUDIT_NAME, action: 'media.upload', id, detail: { bytes, via } });
    return { ...row, ...values, uploaded: 1 };
  });
}
