import { PROTOCOL_VERSION, type HealStartResponse, type SyncedTable } from '@clinic/sync-protocol';
import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '../db/database';
import type { TestCtx } from '../test/harness';
import { syncCall } from './sync-test-helpers';
import { readCounters, writeCounters } from './counters.repository';
import { startRestoredEpoch } from './epoch.repository';

type App = TestCtx['app'];

/** What a backup holds of sync: every synced table and the sync bookkeeping, parents before children. */
const BACKED_UP = [
  'sync_epochs',
  'sync_clients',
  'customers',
  'visits',
  'surveys',
  'diagnoses',
  'pain_markers',
  'media',
  'face_analyses',
] as const;
export type Snapshot = {
  rows: Map<string, Record<string, unknown>[]>;
  counters: Awaited<ReturnType<typeof readCounters>>;
};

/** A backup in miniature: the rows of those tables as they are now. */
export async function snapshot(db: Kysely<Database>): Promise<Snapshot> {
  const rows: Snapshot['rows'] = new Map();
  for (const table of BACKED_UP) rows.set(table, await db.selectFrom(table).selectAll().execute());
  // The counters too (rows on SQLite, sequences on PostgreSQL): a restored server counts on from the backup's.
  return { rows, counters: await readCounters(db) };
}

/** A restore in miniature: those tables put back as the snapshot had them, then a new epoch, as restore does. */
export async function restoreSnapshot(db: Kysely<Database>, snap: Snapshot, now: Date): Promise<void> {
  for (const table of [...BACKED_UP].reverse()) await db.deleteFrom(table).execute();
  for (const table of BACKED_UP) {
    const rows = snap.rows.get(table) ?? [];
    // Rows read from this same table a moment ago.
    if (rows.length) await db.insertInto(table).values(rows).execute();
  }
  await writeCounters(db, snap.counters);
  await startRestoredEpoch(db, { now, backupTakenAt: null });
}

export function healStartRaw(app: App, token: string, clientId: string) {
  return syncCall(app, '/api/sync/heal/start', token, { protocolVersion: PROTOCOL_VERSION, clientId });
}

export async function healStart(app: App, token: string, clientId: string): Promise<HealStartResponse> {
  const res = await healStartRaw(app, token, clientId);
  expect(res.body.error).toBeNull();
  return res.body.data as HealStartResponse;
}

export function healRaw(
  app: App,
  token: string,
  body: { clientId: string; epoch: string; table: SyncedTable; rows: unknown[] },
) {
  return syncCall(app, '/api/sync/heal', token, { protocolVersion: PROTOCOL_VERSION, ...body });
}

export function healFinishRaw(
  app: App,
  token: string,
  body: { clientId: string; epoch: string; lastMutationId: number },
) {
  return syncCall(app, '/api/sync/heal/finish', token, { protocolVersion: PROTOCOL_VERSION, ...body });
}
