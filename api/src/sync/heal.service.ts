import {
  EPOCH_CHANGED_CODE,
  EPOCH_CHANGED_MESSAGE,
  type HealDeletion,
  type HealFinishRequest,
  type HealFinishResponse,
  type HealRequest,
  type HealResponse,
  type HealStartResponse,
  type SyncedTable,
} from '@clinic/sync-protocol';
import { type Kysely, type Transaction, sql } from 'kysely';
import { recordAudit } from '../audit/audit.repository';
import type { Database } from '../db/database';
import { ApiError } from '../http/envelope';
import { registerClient } from './clients.repository';
import { currentCounter, nextCounter, raiseCounter } from './counters.repository';
import { type EpochInfo, currentEpoch } from './epoch.repository';
import { type HealRow, findStored, insertStored, markStoredDeleted, parseHealRow, replaceStored } from './heal-rows';
import type { Caller } from './push.service';
import { serverEntity } from './server-entities';

type Outcome = 'inserted' | 'replaced' | 'unchanged' | 'kept' | 'refused';

export async function healStart(
  db: Kysely<Database>,
  caller: Caller,
  clientId: string,
  now: () => Date,
): Promise<HealStartResponse> {
  await registerDevice(db, caller, clientId, now);
  return currentEpoch(db, now);
}

async function registerDevice(
  db: Kysely<Database> | Transaction<Database>,
  caller: Caller,
  clientId: string,
  now: () => Date,
) {
  // The device's, whoever is signed in on it (see registerClient).
  await registerClient(db, clientId, caller.user.id, now().toISOString());
}

async function epochFor(
  db: Kysely<Database> | Transaction<Database>,
  epoch: string,
  now: () => Date,
): Promise<EpochInfo> {
  const current = await currentEpoch(db, now);
  if (current.epoch !== epoch) throw new ApiError(409, EPOCH_CHANGED_CODE, EPOCH_CHANGED_MESSAGE);
  return current;
}

/**
 * Takes back one batch of rows a device holds from before a restore (DESIGN.md "Server"). A row the
 * server lacks is added; a row the server holds at an older state than the device's copy is replaced
 * by it; a row changed on the server since the restore is never overwritten. Rows keep the time and
 * author of their last change, so a second device's copy of the same row compares alike, and sending a
 * batch again changes nothing: the heal is idempotent. One transaction, one audit row per batch.
 */
export async function healBatch(
  db: Kysely<Database>,
  caller: Caller,
  request: HealRequest,
  now: () => Date,
): Promise<HealResponse> {
  await registerDevice(db, caller, request.clientId, now);
  return db.transaction().execute(async (trx) => {
    const epoch = await epochFor(trx, request.epoch, now);
    const ids: Record<Outcome, string[]> = { inserted: [], replaced: [], unchanged: [], kept: [], refused: [] };
    const missingFiles: string[] = [];
    let version: number | null = null;
    const stamp = async () => (version ??= await nextCounter(trx, 'version'));

    for (const input of request.rows) {
      const row = parseHealRow(request.table, input);
      if (!row) {
        ids.refused.push('');
        continue;
      }
      // A savepoint per row: one that names a record the server lacks (a foreign key) fails alone.
      await sql`savepoint heal_row`.execute(trx);
      try {
        const outcome = await healRow(trx, request.table, row, epoch, stamp);
        await sql`release savepoint heal_row`.execute(trx);
        ids[outcome].push(row.id);
        if (request.table === 'media' && outcome !== 'refused' && isUploadedOnDevice(input)) {
          const stored = await findStored(trx, 'media', row.id);
          if (stored && !Number(stored.uploaded)) missingFiles.push(row.id);
        }
      } catch (error) {
        await sql`rollback to savepoint heal_row`.execute(trx);
        if (!isConstraintFailure(error)) throw error;
        ids.refused.push(row.id);
      }
    }

    // Deletions from the device's log: a record deleted after the backup was taken is deleted again.
    const deleted: string[] = [];
    for (const deletion of request.deletions ?? []) {
      const outcome = await healDeletion(trx, request.table, deletion, epoch, stamp);
      ids[outcome].push(deletion.id);
      if (outcome === 'replaced') deleted.push(deletion.id);
    }

    await recordAudit(trx, {
      userId: caller.user.id,
      username: caller.user.username,
      action: 'sync.heal',
      entity: serverEntity(request.table).auditName,
      clientId: request.clientId,
      ip: caller.ip,
      detail: {
        epoch: epoch.epoch,
        inserted: ids.inserted,
        replaced: ids.replaced,
        kept: ids.kept,
        deleted,
        refused: ids.refused.length,
        unchanged: ids.unchanged.length,
      },
      at: now(),
    });
    return {
      epoch: epoch.epoch,
      inserted: ids.inserted.length,
      replaced: ids.replaced.length,
      unchanged: ids.unchanged.length,
      kept: ids.kept.length,
      refused: ids.refused.length,
      missingFiles,
    };
  });
}

async function healRow(
  trx: Transaction<Database>,
  table: SyncedTable,
  row: HealRow,
  epoch: EpochInfo,
  stamp: () => Promise<number>,
): Promise<Outcome> {
  // Only a state from before the restore can be one the server lost; anything later comes by push.
  if (!(row.updatedAt < epoch.startedAt)) return 'refused';
  const stored = await findStored(trx, table, row.id);
  if (!stored) {
    const values: Record<string, unknown> = { ...row.values, version: await stamp() };
    if (table === 'customers')
      values.chart_number = await freeChartNumber(trx, row.id, Number(row.values.chart_number));
    await insertStored(trx, table, values);
    return 'inserted';
  }
  if (stored.updated_at >= epoch.startedAt) return 'kept';
  if (stored.updated_at >= row.updatedAt) return 'unchanged';
  await replaceStored(trx, table, row.id, { ...row.values, version: await stamp() });
  return 'replaced';
}

/**
 * One deletion a device saw before the restore: the server's row is marked deleted, as the device saw
 * it, unless the server lacks the row or has it deleted already (nothing to do), or the row changed on
 * the server after the restore or after that deletion (never overwritten). Counted as replaced when it
 * deleted the row.
 */
async function healDeletion(
  trx: Transaction<Database>,
  table: SyncedTable,
  deletion: HealDeletion,
  epoch: EpochInfo,
  stamp: () => Promise<number>,
): Promise<Outcome> {
  if (!(deletion.updatedAt < epoch.startedAt)) return 'refused';
  const stored = await findStored(trx, table, deletion.id);
  if (!stored || Number(stored.deleted)) return 'unchanged';
  if (stored.updated_at >= epoch.startedAt) return 'kept';
  if (stored.updated_at > deletion.updatedAt) return 'kept';
  await markStoredDeleted(trx, table, deletion.id, {
    updated_at: deletion.updatedAt,
    updated_by: deletion.updatedBy,
    version: await stamp(),
  });
  return 'replaced';
}

/**
 * The カルテ番号 the record had, unless another customer took it after the restore (then a new one).
 * The counter is moved past it, so the next new customer does not get it again.
 */
async function freeChartNumber(trx: Transaction<Database>, id: string, wanted: number): Promise<number> {
  const holder =
    Number.isInteger(wanted) && wanted > 0
      ? await trx.selectFrom('customers').select('id').where('chart_number', '=', wanted).executeTakeFirst()
      : { id: '' };
  if (holder && holder.id !== id) return nextCounter(trx, 'chart_number');
  await raiseCounter(trx, 'chart_number', wanted);
  return wanted;
}

function isUploadedOnDevice(input: unknown): boolean {
  return typeof input === 'object' && input !== null && (input as { uploaded?: unknown }).uploaded === true;
}

/** A row the database refuses (a record it names is missing, a duplicate): that row alone is refused. */
function isConstraintFailure(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return (
    typeof code === 'string' &&
    (code.startsWith('SQLITE_CONSTRAINT') ||
      code === '23503' ||
      code === '23505' ||
      code === '23502' ||
      code === '23514')
  );
}

/**
 * The heal is over for this device: the server takes its last confirmed mutation id (never lowering
 * it), so the outbox goes on from the next one instead of being refused as out of order.
 */
export async function healFinish(
  db: Kysely<Database>,
  caller: Caller,
  request: HealFinishRequest,
  now: () => Date,
): Promise<HealFinishResponse> {
  await registerDevice(db, caller, request.clientId, now);
  return db.transaction().execute(async (trx) => {
    const epoch = await epochFor(trx, request.epoch, now);
    const at = now().toISOString();
    await trx
      .updateTable('sync_clients')
      .set({ last_mutation_id: request.lastMutationId, updated_at: at })
      .where('client_id', '=', request.clientId)
      .where('last_mutation_id', '<', request.lastMutationId)
      .execute();
    // The healed rows took versions up to here; the device's next pull (from the start) must include
    // them all before it may drop its outbox (see settledVersion).
    await trx
      .updateTable('sync_clients')
      .set({ last_version: await currentCounter(trx, 'version') })
      .where('client_id', '=', request.clientId)
      .execute();
    const client = await trx
      .selectFrom('sync_clients')
      .select('last_mutation_id')
      .where('client_id', '=', request.clientId)
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      userId: caller.user.id,
      username: caller.user.username,
      action: 'sync.heal.finish',
      clientId: request.clientId,
      ip: caller.ip,
      detail: { epoch: epoch.epoch, lastMutationId: Number(client.last_mutation_id) },
      at: new Date(at),
    });
    return { epoch: epoch.epoch, lastMutationId: Number(client.last_mutation_id) };
  });
}
