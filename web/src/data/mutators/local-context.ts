import type { Table } from 'dexie';
import type { RowOf, SyncedTable } from '@clinic/sync-protocol';
import type { ClinicDb, Local, LocalRow } from '../clinic-db';

/** What a local mutator may use: the database (inside the caller's transaction) and who/when. */
export type LocalContext = { db: ClinicDb; clientTime: string; userName: string | null };

/** Strips the device-only columns, leaving the server's shape. */
export function serverShape<T extends object>(row: Local<T>): T {
  const { pending: _pending, server: _server, gone: _gone, ...rest } = row;
  return rest as unknown as T; // the two device-only keys are exactly what Local<T> adds to T
}

/**
 * Writes a locally changed row, remembering the last server state the first time a row becomes
 * pending, so a later pull can reset it and replay what is still unconfirmed. Returns the row as
 * written, which the mutator hands back for the change notice.
 */
/** A device row with its `gone` mark matching `deleted` (see Local). */
export function withGone<R extends { deleted: boolean; gone?: 1 }>(row: R): R {
  if (row.deleted) return { ...row, gone: 1 };
  if (row.gone === undefined) return row;
  const { gone: _gone, ...rest } = row;
  return rest as R;
}

export async function putPending<T extends { id: string; deleted: boolean }>(
  table: Table<Local<T>, string>,
  next: T,
  current: Local<T> | undefined,
): Promise<Local<T>> {
  const server = current === undefined ? null : current.pending ? (current.server ?? null) : serverShape(current);
  const row = withGone<Local<T>>({ ...next, pending: 1, server });
  await table.put(row);
  return row;
}

type MetaField = 'createdAt' | 'updatedAt' | 'updatedBy' | 'version' | 'deleted';

/**
 * A new record as the device shows it until the server has it: the mutation's fields, stamped as
 * entered here. Re-run on a rebase, it keeps the first stamp and the server's version if it has one.
 */
export async function createLocal<T extends SyncedTable>(
  ctx: LocalContext,
  table: T,
  fields: Omit<RowOf<T>, MetaField>,
): Promise<LocalRow<T>> {
  const rows = ctx.db.synced(table);
  // Every row has an id (the registry's rows are records); a generic RowOf<T> does not say so to TypeScript.
  const current = await rows.get((fields as { id: string }).id);
  const row = {
    ...fields,
    createdAt: current?.createdAt ?? ctx.clientTime,
    updatedAt: ctx.clientTime,
    updatedBy: ctx.userName,
    version: current?.version ?? 0,
    deleted: false,
  } as RowOf<T>;
  return putPending(rows, row, current);
}

/**
 * A change of a live record: the patch over the row as the server last had it plus what is pending.
 * A record deleted meanwhile is left alone (undefined): the server turns the change into a visible rejection.
 */
export async function updateLocal<T extends SyncedTable>(
  ctx: LocalContext,
  table: T,
  id: string,
  patch: Partial<RowOf<T>>,
): Promise<LocalRow<T> | undefined> {
  const rows = ctx.db.synced(table);
  const current = await rows.get(id);
  if (!current || current.deleted) return undefined;
  const row = { ...serverShape(current), ...patch, updatedAt: ctx.clientTime, updatedBy: ctx.userName } as RowOf<T>;
  return putPending(rows, row, current);
}

/** Kept as a local tombstone until the server confirms, so the delete can be rebased or undone. */
export function deleteLocal<T extends SyncedTable>(
  ctx: LocalContext,
  table: T,
  id: string,
): Promise<LocalRow<T> | undefined> {
  return updateLocal(ctx, table, id, { deleted: true } as Partial<RowOf<T>>);
}
