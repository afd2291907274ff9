import type { PullChanges, PullRequest, PullResponse, SyncedTable } from '@clinic/sync-protocol';
import type { Kysely, Transaction } from 'kysely';
import { recordAudit } from '../audit/audit.repository';
import type { Database } from '../db/database';
import { isPostgres } from '../db/dialect';
import { ApiError } from '../http/envelope';
import { findClient } from './clients.repository';
import { currentCounter } from './counters.repository';
import { conflictsBetween, rejectionsBetween } from './problems.repository';
import { type Caller, PUSH_MESSAGES } from './push.service';
import { syncedTables } from './synced-tables';

export const PULL_PAGE_SIZE = 5000;

/**
 * Rows changed since the cookie, tombstones included, with this client's lastMutationId, its
 * rejections and the conflicts logged meanwhile. Read in one snapshot. A page never splits the rows
 * of one version, so the next cookie resumes exactly where this page stopped.
 */
export async function pull(db: Kysely<Database>, caller: Caller, request: PullRequest, pageSize = PULL_PAGE_SIZE): Promise<PullResponse> {
  let tx = db.transaction();
  if (isPostgres(db)) tx = tx.setIsolationLevel('repeatable read');
  return tx.execute(async (trx) => {
    const client = await findClient(trx, request.clientId);
    if (client && client.user_id !== caller.user.id) throw new ApiError(403, 'FORBIDDEN', PUSH_MESSAGES.otherUsersClient);

    const latest = await currentCounter(trx, 'version');
    const { changes, cutoff, hasMore } = await pageOfChanges(trx, request.cookie, latest, pageSize);
    const ids = changes.customers.map((c) => c.id);
    const [rejections, conflicts] = await Promise.all([
      rejectionsBetween(trx, request.clientId, request.cookie, cutoff),
      conflictsBetween(trx, request.cookie, cutoff),
    ]);
    if (ids.length > 0) {
      await recordAudit(trx, {
        userId: caller.user.id,
        username: caller.user.username,
        action: 'customer.read',
        entity: 'customer',
        clientId: request.clientId,
        ip: caller.ip,
        detail: { via: 'sync.pull', ids },
      });
    }
    return {
      cookie: cutoff,
      lastMutationId: Number(client?.last_mutation_id ?? 0),
      hasMore,
      changes,
      rejections,
      conflicts,
    };
  });
}

type Page = { rows: Array<{ version: number }>; cutoff: number; hasMore: boolean };

/** One table's page: never splits the rows of one version. */
async function pageOf(table: (typeof syncedTables)[SyncedTable], trx: Transaction<Database>, after: number, latest: number, size: number): Promise<Page> {
  const rows = await table.changedBetween(trx, after, latest, size + 1);
  if (rows.length <= size) return { rows, cutoff: latest, hasMore: false };
  const firstLeftOut = Number(rows[size]!.version);
  const page = rows.slice(0, size).filter((r) => Number(r.version) < firstLeftOut);
  if (page.length > 0) return { rows: page, cutoff: Number(page[page.length - 1]!.version), hasMore: true };
  // One version touched more rows than a page holds: send that whole version at once.
  const whole = await table.changedBetween(trx, after, firstLeftOut);
  return { rows: whole, cutoff: firstLeftOut, hasMore: firstLeftOut < latest };
}

/** A page over every synced table: all of them stop at the lowest table's cutoff. */
async function pageOfChanges(trx: Transaction<Database>, after: number, latest: number, size: number) {
  const names = Object.keys(syncedTables) as SyncedTable[];
  const pages = await Promise.all(names.map((name) => pageOf(syncedTables[name], trx, after, latest, size)));
  const cutoff = Math.min(...pages.map((p) => p.cutoff));
  const changes = Object.fromEntries(
    names.map((name, i) => [name, pages[i]!.rows.filter((r) => Number(r.version) <= cutoff).map((r) => syncedTables[name].toWire(r as never))]),
  ) as PullChanges; // built from every key of syncedTables, which is typed by PullChanges
  return { changes, cutoff, hasMore: cutoff < latest };
}
