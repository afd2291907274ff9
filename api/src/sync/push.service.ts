import { type Mutation, type PushRequest, type PushResponse, type WireMutation, mutationArgsSchemas, mutationSchema } from '@clinic/sync-protocol';
import { type Kysely, type Transaction, sql } from 'kysely';
import { recordAudit } from '../audit/audit.repository';
import type { Database } from '../db/database';
import { ApiError } from '../http/envelope';
import { advanceClient, claimClient, lockClient } from './clients.repository';
import { nextCounter } from './counters.repository';
import { type MutatorContext, MutationRejected, REJECTION_MESSAGES } from './mutator-context';
import { insertRejection } from './problems.repository';
import { safeText } from './safe-args';
import { applyMutation } from './server-entities';

export type Caller = { user: { id: string; username: string }; ip: string | null };

export const PUSH_MESSAGES = {
  otherUsersClient: 'この端末の同期IDは別のユーザーのものです。ログアウトしてから再度ログインしてください',
  outOfOrder: (last: number) => `変更の順序が正しくありません（サーバーが受け取った最後の変更は ${last} 番です）`,
  notApplied: 'この変更はサーバーで適用できませんでした。内容を確認して、もう一度入力してください',
} as const;

/** What a rejection keeps of the mutation's name and of its record's id: enough to show, bounded. */
export const MUTATION_NAME_MAX_LENGTH = 100;
export const ENTITY_ID_MAX_LENGTH = 100;

/**
 * Applies a push: all of it in one transaction, each mutation at most once. Ids at or below the
 * client's lastMutationId are replays and skipped; a gap is refused without applying (what came before
 * it is kept); a mutation that fails validation or permission, or fails in a way a retry would repeat,
 * is stored as a rejection and still advances lastMutationId, so no content of a mutation can stop a
 * client's queue.
 *
 * One transaction because the answer tells the device it may drop these changes from its outbox: the
 * commit must be on disk first (SQLite runs with synchronous=FULL, PostgreSQL fsyncs at commit), and
 * one commit costs one fsync per push instead of one per mutation. A failure of the database itself
 * undoes the whole push; nothing of it was acknowledged, and the device sends it again.
 */
export async function applyPush(db: Kysely<Database>, caller: Caller, push: PushRequest, now: () => Date): Promise<Omit<PushResponse, 'epoch'>> {
  const owner = await claimClient(db, push.clientId, caller.user.id, now().toISOString());
  if (owner !== caller.user.id) throw new ApiError(403, 'FORBIDDEN', PUSH_MESSAGES.otherUsersClient);
  if (push.mutations.length === 0) return { lastMutationId: Number((await lockClient(db, push.clientId)).last_mutation_id) };

  const outcome = await db.transaction().execute(async (trx) => {
    let last = 0;
    for (const mutation of push.mutations) {
      const step = await applyOne(trx, caller, push.clientId, mutation, now().toISOString());
      // Commit what came before the gap (as separate pushes would have), then refuse the rest.
      if (step.gap) return step;
      last = step.last;
    }
    return { last, gap: false };
  });
  if (outcome.gap) throw new ApiError(409, 'OUT_OF_ORDER', PUSH_MESSAGES.outOfOrder(outcome.last));
  return { lastMutationId: Number(outcome.last) };
}

type Step = { last: number; gap: boolean };

async function applyOne(trx: Transaction<Database>, caller: Caller, clientId: string, wire: WireMutation, now: string): Promise<Step> {
  // The advance is written first and commits with the mutation's effects, or rolls back with them.
  if (!(await advanceClient(trx, clientId, wire.id, now))) {
    const last = Number((await lockClient(trx, clientId)).last_mutation_id);
    return { last, gap: wire.id > last };
  }

  const version = await nextCounter(trx, 'version');
  const ctx: MutatorContext = { trx, version, now, user: caller.user, clientId, mutationId: wire.id, ip: caller.ip };
  // Lets a failed mutator's writes be undone while the advance and the version stay for its rejection,
  // and the push's other mutations stay as they are. Released afterwards, so savepoints do not pile up.
  // Raw SQL: Kysely's savepoint API needs driver support the PGlite dialect lacks.
  await sql`savepoint mutation`.execute(trx);
  try {
    await applyMutation(ctx, parseMutation(wire));
  } catch (error) {
    const reason = rejectionReason(error, wire);
    await sql`rollback to savepoint mutation`.execute(trx);
    await recordRejection(trx, caller, clientId, wire, { reason, now, version });
  }
  await sql`release savepoint mutation`.execute(trx);
  return { last: wire.id, gap: false };
}

/**
 * Why the mutation is refused. A failure that is the database's rather than the mutation's is thrown
 * on: the push fails and the client sends it again. Any other error would recur on every retry and
 * stop the client's queue for good, so it becomes a rejection the person can see, retry or discard.
 */
function rejectionReason(error: unknown, wire: WireMutation): string {
  if (error instanceof MutationRejected) return error.message;
  if (isTransientFailure(error)) throw error;
  console.error(`sync push: mutation ${wire.id} (${safeText(wire.name, MUTATION_NAME_MAX_LENGTH)}) failed and is stored as a rejection:`, error);
  return PUSH_MESSAGES.notApplied;
}

// Connection, serialization and deadlock, resources, operator intervention, system errors, lock timeout.
const TRANSIENT_SQLSTATE = /^(?:(?:08|40|53|57|58|XX)[0-9A-Z]{3}|55P03)$/;
const TRANSIENT_SQLITE = /^SQLITE_(?:BUSY|LOCKED|IOERR|FULL|NOMEM|CANTOPEN|READONLY|CORRUPT|INTERRUPT|PROTOCOL|NOTADB)/;
const TRANSIENT_SOCKET = new Set(['ECONNRESET', 'ECONNREFUSED', 'ECONNABORTED', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);

/** A failure of the database or its connection (busy, gone, out of space), which a later attempt may not meet. */
function isTransientFailure(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' && (TRANSIENT_SQLSTATE.test(code) || TRANSIENT_SQLITE.test(code) || TRANSIENT_SOCKET.has(code));
}

/** Stores the rejection and its audit row; made of bounded, storable values whatever the client sent. */
async function recordRejection(
  trx: Transaction<Database>,
  caller: Caller,
  clientId: string,
  wire: WireMutation,
  rejection: { reason: string; now: string; version: number },
): Promise<void> {
  const { reason, now, version } = rejection;
  const name = safeText(wire.name, MUTATION_NAME_MAX_LENGTH) ?? '';
  await insertRejection(trx, { clientId, mutationId: wire.id, name, args: wire.args, reason, at: now, version });
  await recordAudit(trx, {
    userId: caller.user.id,
    username: caller.user.username,
    action: 'sync.rejected',
    entity: name.split('.')[0] ?? null,
    entityId: safeText(recordIdOf(wire.args), ENTITY_ID_MAX_LENGTH),
    clientId,
    ip: caller.ip,
    detail: { mutationId: wire.id, name, reason },
    at: new Date(now),
  });
}

/** The id the args name, if any; only a string id is a record's (an object could be anything). */
function recordIdOf(args: unknown): unknown {
  if (typeof args !== 'object' || args === null || Array.isArray(args)) return undefined;
  return Object.getOwnPropertyDescriptor(args, 'id')?.value;
}

function parseMutation(wire: WireMutation): Mutation {
  if (!Object.hasOwn(mutationArgsSchemas, wire.name)) throw new MutationRejected(REJECTION_MESSAGES.unknownMutation);
  // The schemas' own messages are the Japanese ones a person can act on; any other issue (a malformed
  // id, args that are not an object) gets the general one rather than zod's English default.
  let parsed: ReturnType<typeof mutationSchema.safeParse>;
  try {
    parsed = mutationSchema.safeParse(wire, { error: () => REJECTION_MESSAGES.invalidArgs });
  } catch {
    // A schema can throw on hostile input (a stack overflow on deep nesting): the args are at fault.
    throw new MutationRejected(REJECTION_MESSAGES.invalidArgs);
  }
  if (!parsed.success) throw new MutationRejected(parsed.error.issues[0]?.message ?? REJECTION_MESSAGES.invalidArgs);
  return parsed.data;
}
