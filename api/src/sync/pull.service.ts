import type { PullRequest, PullResponse } from '@clinic/sync-protocol';
import type { Kysely, Transaction } from 'kysely';
import { recordAudit } from '../audit/audit.repository';
import { customersChangedBetween, toCustomer } from '../customers/customers.repository';
import type { Database } from '../db/database';
import { isPostgres } from '../db/dialect';
import { ApiError } from '../http/envelope';
import { findClient } from './clients.repository';
import { currentCounter } from './counters.repository';
import { conflictsBetween, rejectionsBetween } from './problems.repository';
import { type Caller, PUSH_MESSAGES } from './push.service';

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
    const { rows, cutoff, hasMore } = await pageOfCustomers(trx, request.cookie, latest, pageSize);
    const [rejections, conflicts] = await Promise.all([
      rejectionsBetween(trx, request.clientId, request.cookie, cutoff),
      conflictsBetween(trx, request.cookie, cutoff),
    ]);
    if (rows.length > 0) {
      await recordAudit(trx, {
        userId: caller.user.id,
        username: caller.user.username,
        action: 'customer.read',
        entity: 'customer',
        clientId: request.clientId,
        ip: caller.ip,
        detail: { via: 'sync.pull', ids: rows.map((r) => r.id) },
      });
    }
    return {
      cookie: cutoff,
      lastMutationId: Number(client?.last_mutation_id ?? 0),
      hasMore,
      changes: { customers: rows.map(toCustomer) },
      rejections,
      conflicts,
    };
  });
}

async function pageOfCustomers(trx: Transaction<Database>, after: number, latest: number, pageSize: number) {
  const rows = await customersChangedBetween(trx, after, latest, pageSize + 1);
  if (rows.length <= pageSize) return { rows, cutoff: latest, hasMore: false };
  const firstLeftOut = Number(rows[pageSize]!.version);
  const page = rows.slice(0, pageSize).filter((r) => Number(r.version) < firstLeftOut);
  if (page.length > 0) return { rows: page, cutoff: Number(page[page.length - 1]!.version), hasMore: true };
  // One version touched more rows than a page holds: send that whole version at once.
  const whole = await customersChangedBetween(trx, after, firstLeftOut);
  return { rows: whole, cutoff: firstLeftOut, hasMore: firstLeftOut < latest };
}
