import type { PullChanges, PullRequest, PullResponse, RowOf, SyncedTable } from '@clinic/sync-protocol';
import type { Kysely, Transaction } from 'kysely';
import { type AuditEntry, recordAudits } from '../audit/audit.repository';
import type { Database } from '../db/database';
import { isPostgres } from '../db/dialect';
import { type ChangedSince, type RecordTable, changedSince } from './changed-rows';
import { findClient } from './clients.repository';
import { settledVersion } from './counters.repository';
import { currentEpoch } from './epoch.repository';
import { conflictsBetween, rejectionsBetween } from './problems.repository';
import type { Caller } from './push.service';
import { SERVER_TABLES, serverEntity } from './server-entities';

export const PULL_PAGE_SIZE = 5000;

/**
 * Rows changed since the cookie, tombstones included, with this client's lastMutationId, its
 * rejections and the conflicts logged meanwhile. Read in one snapshot. A page never splits the rows
 * of one version, so the next cookie resumes exactly where this page stopped.
 */
export async function pull(
  db: Kysely<Database>,
  caller: Caller,
  request: PullRequest,
  pageSize = PULL_PAGE_SIZE,
): Promise<PullResponse> {
  // Read before the snapshot is taken: every version up to it is then committed and in the snapshot,
  // or rolled back (see settledVersion).
  const settled = await settledVersion(db, request.clientId);
  const latest = settled.version;
  let tx = db.transaction();
  if (isPostgres(db)) tx = tx.setIsolationLevel('repeatable read');
  return tx.execute(async (trx) => {
    // Not tied to a user: the rows are every patient's for anyone signed in, and the client (its
    // lastMutationId and rejections) is the device's, whoever is signed in on it (issue 25).
    const client = await findClient(trx, request.clientId);
    // A push of this client that committed after `latest` was settled may lie above it: then answer
    // the lastMutationId from before, whose changes are all in these rows.
    const lastMutationId =
      client && Number(client.last_version) <= latest
        ? Number(client.last_mutation_id)
        : (settled.client?.lastMutationId ?? 0);

    const found = await changedSince(trx, Object.values(SQL_TABLES), {
      clientId: request.clientId,
      after: request.cookie,
      upTo: latest,
    });
    const { changes, cutoff, hasMore } = await pageOfChanges(trx, found, request.cookie, latest, pageSize);
    const [rejections, conflicts] = await Promise.all([
      found.rejections ? rejectionsBetween(trx, request.clientId, request.cookie, cutoff) : [],
      found.conflicts ? conflictsBetween(trx, request.cookie, cutoff) : [],
    ]);
    await auditReads(trx, caller, request.clientId, changes);
    const { epoch } = await currentEpoch(trx);
    return {
      cookie: cutoff,
      lastMutationId,
      hasMore,
      changes,
      rejections,
      conflicts,
      epoch,
    };
  });
}

/** The access log's action of a pull (端末の同期, sync-protocol/src/admin/audit-words.ts). */
export const DEVICE_SYNC_ACTION = 'sync.pull';

/**
 * Patient data copied to a device: one audit row per entity that sent any rows, recorded as the
 * device's sync, never as a person's read. A pull is the device copying data on its own (every 30 s,
 * also while the lock shows and nobody is at the tablet); the signed-in person is kept only as whom
 * the device synced for (issue 34).
 */
async function auditReads(trx: Transaction<Database>, caller: Caller, clientId: string, changes: PullChanges) {
  const sent = SERVER_TABLES.map((table) => ({ table, ids: changes[table].map((row) => row.id) })).filter(
    (read) => read.ids.length > 0,
  );
  await recordAudits(
    trx,
    sent.map(({ table, ids }): AuditEntry => {
      const entity = serverEntity(table).auditName;
      return {
        userId: caller.user.id,
        username: caller.user.username,
        action: DEVICE_SYNC_ACTION,
        entity,
        entityId: ids.length === 1 ? ids[0] : null,
        clientId,
        ip: caller.ip,
        sessionId: caller.sessionId ?? null,
        detail: { via: 'sync.pull', ids },
      };
    }),
  );
}

/** Each synced table's SQL name (the protocol's names are camelCase). */
const SQL_TABLES: { [T in SyncedTable]: RecordTable } = {
  customers: 'customers',
  visits: 'visits',
  surveys: 'surveys',
  diagnoses: 'diagnoses',
  painMarkers: 'pain_markers',
  media: 'media',
  faceAnalyses: 'face_analyses',
  appointments: 'appointments',
};

type Page<T extends SyncedTable> = { rows: RowOf<T>[]; cutoff: number; hasMore: boolean };

/** One table's page: never splits the rows of one version. */
async function pageOf<T extends SyncedTable>(
  table: T,
  trx: Transaction<Database>,
  after: number,
  latest: number,
  size: number,
): Promise<Page<T>> {
  const entity = serverEntity(table);
  const rows = await entity.changedBetween(trx, after, latest, size + 1);
  if (rows.length <= size) return { rows, cutoff: latest, hasMore: false };
  const firstLeftOut = rows[size]!.version;
  const page = rows.slice(0, size).filter((r) => r.version < firstLeftOut);
  if (page.length > 0) return { rows: page, cutoff: page[page.length - 1]!.version, hasMore: true };
  // One version touched more rows than a page holds: send that whole version at once.
  const whole = await entity.changedBetween(trx, after, firstLeftOut);
  return { rows: whole, cutoff: firstLeftOut, hasMore: firstLeftOut < latest };
}

/**
 * A page over every synced table: all of them stop at the lowest table's cutoff. Each table is read
 * only up to the cutoff the tables before it reached, so an empty device's first pages do not read
 * (and drop) thousands of later visits while the customers are still coming.
 */
async function pageOfChanges(
  trx: Transaction<Database>,
  found: ChangedSince,
  after: number,
  latest: number,
  size: number,
) {
  const pages: Page<SyncedTable>[] = [];
  let cutoff = latest;
  for (const table of SERVER_TABLES) {
    // A table with nothing in the whole range has nothing in any part of it: no query.
    const page = found.tables.has(SQL_TABLES[table])
      ? await pageOf(table, trx, after, cutoff, size)
      : { rows: [], cutoff, hasMore: false };
    pages.push(page);
    cutoff = Math.min(cutoff, page.cutoff);
  }
  const changes = Object.fromEntries(
    SERVER_TABLES.map((table, i) => [table, pages[i]!.rows.filter((r) => r.version <= cutoff)]),
  ) as PullChanges; // one entry per synced table, each holding that table's wire rows
  return { changes, cutoff, hasMore: cutoff < latest };
}
