import type { Table } from 'dexie';
import type { ClinicDb, Local } from '../../db/clinic-db';

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
  const row = withGone({ ...next, pending: 1, server } as Local<T>);
  await table.put(row);
  return row;
}
