import {
  HEAL_BATCH_MAX,
  PROTOCOL_VERSION,
  SYNCED_TABLES,
  type HealDeletion,
  type HealResponse,
  type SyncedTable,
} from '@clinic/sync-protocol';
import type { ClinicDb, Local } from '../data/clinic-db';
import { kickUploads } from '../media/upload-kick';
import { deletionsAbove } from './deletion-log';
import { type HealTransport, SyncTransportError } from './transport';

/*
 * After the server was restored from a backup it has gone back in time: it lacks what the tablets sent
 * since, and its mutation counts for this device are behind. The device finds out from the epoch in
 * every push and pull answer, and then, before anything else syncs:
 *   1. sends every row it holds as the server last confirmed it (not its own pending edits: the outbox
 *      sends those), table by table in bounded batches; the server adds what it lacks and replaces
 *      what it holds older, never what was changed after the restore; then that table's deletions
 *      from the device's deletion log (deletion-log.ts), so a record deleted since stays deleted;
 *   2. asks for captures the server lost to be uploaded again, where the device still has the file;
 *   3. tells the server its last confirmed mutation, so the outbox goes on from there;
 *   4. pulls everything afresh (versions went back in time too).
 * Progress is kept in the device's database after each batch, so a reload or a lost network resumes
 * where it stopped; sending a batch twice is harmless.
 */

/** A server answer showed another epoch: the round stops and begins again with the heal. */
export class EpochMoved extends Error {
  constructor() {
    super('epoch moved');
    this.name = 'EpochMoved';
  }
}

/** Characters of JSON per heal request: well under the server's 1 MB body limit. */
const HEAL_BATCH_CHARS = 512_000;

type Counts = Pick<HealResponse, 'inserted' | 'replaced' | 'unchanged' | 'kept' | 'refused'>;
type Progress = {
  epoch: string;
  table: number;
  after: string;
  counts: Counts;
  requeuedMedia: number;
  lostMedia: number;
};
export type HealReport = Counts & { epoch: string; at: string; requeuedMedia: number; lostMedia: number };

const noCounts = (): Counts => ({ inserted: 0, replaced: 0, unchanged: 0, kept: 0, refused: 0 });

export async function getEpoch(db: ClinicDb): Promise<string | undefined> {
  return (await db.meta.get('epoch'))?.value as string | undefined; // only ever written as a string
}

/** The first epoch a device meets is the one its rows belong to. */
export async function adoptEpoch(db: ClinicDb, epoch: string): Promise<void> {
  await db.meta.put({ key: 'epoch', value: epoch });
}

/** Notes that a heal is due; one already under way keeps its progress. */
export async function markHealNeeded(db: ClinicDb): Promise<void> {
  await db.transaction('rw', db.meta, async () => {
    if (!(await db.meta.get('heal'))) await db.meta.put({ key: 'heal', value: JSON.stringify(null) });
  });
}

async function readProgress(db: ClinicDb): Promise<Progress | null | undefined> {
  const entry = await db.meta.get('heal');
  return entry === undefined ? undefined : (JSON.parse(String(entry.value)) as Progress | null); // written only below
}

const saveProgress = (db: ClinicDb, progress: Progress) =>
  db.meta.put({ key: 'heal', value: JSON.stringify(progress) });

export async function lastHealReport(db: ClinicDb): Promise<HealReport | null> {
  const entry = await db.meta.get('lastHeal');
  return entry ? (JSON.parse(String(entry.value)) as HealReport) : null;
}

type Row = { id: string; version: number; uploaded?: boolean };

/** The row as the server last confirmed it; null for one the server never had. */
function serverCopy(row: Local<Row>): Row | null {
  if (row.pending) return row.server ?? null;
  const { pending: _pending, server: _server, gone: _gone, ...copy } = row;
  return copy;
}

/** Batches of at most HEAL_BATCH_MAX rows and HEAL_BATCH_CHARS of JSON. */
function batches(rows: Row[]): Row[][] {
  const out: Row[][] = [];
  let current: Row[] = [];
  let chars = 0;
  for (const row of rows) {
    const size = JSON.stringify(row).length;
    if (current.length && (current.length >= HEAL_BATCH_MAX || chars + size > HEAL_BATCH_CHARS)) {
      out.push(current);
      current = [];
      chars = 0;
    }
    current.push(row);
    chars += size;
  }
  if (current.length) out.push(current);
  return out;
}

/**
 * Runs a heal that is due (see markHealNeeded), or resumes one; resolves true when it healed. Throws
 * a SyncTransportError as any sync call does, leaving the progress for the next round.
 */
export async function healIfNeeded(
  db: ClinicDb,
  transport: HealTransport | undefined,
  clientId: string,
): Promise<boolean> {
  const saved = await readProgress(db);
  if (saved === undefined || !transport) return false;
  const start = await transport.start({ protocolVersion: PROTOCOL_VERSION, clientId });
  const deviceEpoch = await getEpoch(db);
  if (deviceEpoch === start.epoch) {
    await db.meta.delete('heal');
    return false;
  }
  // A new heal, or one begun for an epoch the server left meanwhile (restored again): from the start.
  const progress: Progress =
    saved?.epoch === start.epoch
      ? saved
      : { epoch: start.epoch, table: 0, after: '', counts: noCounts(), requeuedMedia: 0, lostMedia: 0 };
  // Rows from the very epoch the backup was taken in, up to its version, are in the backup already.
  const known = start.restoredFrom && start.restoredFrom.epoch === deviceEpoch ? start.restoredFrom.version : -1;

  for (; progress.table < SYNCED_TABLES.length; progress.table += 1, progress.after = '') {
    const table = SYNCED_TABLES[progress.table]!;
    for (;;) {
      const local = (await db
        .synced(table)
        .where(':id')
        .above(progress.after)
        .limit(HEAL_BATCH_MAX)
        .toArray()) as unknown as Local<Row>[];
      if (local.length === 0) break;
      const rows = local.map(serverCopy).filter((row): row is Row => row !== null && row.version > known);
      for (const batch of batches(rows))
        await sendBatch(db, transport, { clientId, epoch: start.epoch, table, rows: batch }, progress);
      progress.after = local[local.length - 1]!.id;
      await saveProgress(db, progress);
    }
    // Then what the device saw deleted in this table (deletion-log.ts), so none of it comes back.
    const deletions = await deletionsAbove(db, table, known);
    for (let at = 0; at < deletions.length; at += HEAL_BATCH_MAX)
      await sendBatch(
        db,
        transport,
        { clientId, epoch: start.epoch, table, rows: [], deletions: deletions.slice(at, at + HEAL_BATCH_MAX) },
        progress,
      );
  }

  const acked = Number((await db.meta.get('lastMutationIdAcked'))?.value ?? 0);
  await transport.finish({ protocolVersion: PROTOCOL_VERSION, clientId, epoch: start.epoch, lastMutationId: acked });
  const report: HealReport = {
    epoch: start.epoch,
    at: new Date().toISOString(),
    ...progress.counts,
    requeuedMedia: progress.requeuedMedia,
    lostMedia: progress.lostMedia,
  };
  // The server's versions went back in time: everything is pulled afresh, in this epoch.
  await db.transaction('rw', db.meta, async () => {
    await db.meta.bulkPut([
      { key: 'epoch', value: start.epoch },
      { key: 'cookie', value: 0 },
      { key: 'lastHeal', value: JSON.stringify(report) },
    ]);
    await db.meta.delete('heal');
  });
  return true;
}

async function sendBatch(
  db: ClinicDb,
  transport: HealTransport,
  batch: { clientId: string; epoch: string; table: SyncedTable; rows: Row[]; deletions?: HealDeletion[] },
  progress: Progress,
) {
  let answer: HealResponse;
  try {
    answer = await transport.send({ protocolVersion: PROTOCOL_VERSION, ...batch });
  } catch (error) {
    // One row larger than the server takes at once must not stop the heal for good.
    if (!(error instanceof SyncTransportError && error.code === 'PAYLOAD_TOO_LARGE' && batch.rows.length === 1))
      throw error;
    progress.counts.refused += 1;
    return;
  }
  for (const key of Object.keys(progress.counts) as (keyof Counts)[]) progress.counts[key] += answer[key];
  if (answer.missingFiles.length) await uploadAgain(db, answer.missingFiles, progress);
}

/** Captures the server lost: sent again where the device still holds the file, counted where it does not. */
async function uploadAgain(db: ClinicDb, ids: string[], progress: Progress): Promise<void> {
  await db.transaction('rw', db.mediaFiles, db.media, async () => {
    for (const id of ids) {
      const file = await db.mediaFiles.get(id);
      if (!file?.blob) {
        progress.lostMedia += 1;
        continue;
      }
      await db.mediaFiles.update(id, {
        waiting: 1,
        sentBytes: 0,
        attempts: 0,
        failed: undefined,
        retryAt: undefined,
        lastError: undefined,
      });
      // Until the fresh pull says so, the device's copy must not claim the server has the file.
      await db.media
        .where('id')
        .equals(id)
        .modify((row) => {
          row.uploaded = false;
          if (row.server) row.server.uploaded = false;
        });
      progress.requeuedMedia += 1;
    }
  });
  kickUploads();
}
