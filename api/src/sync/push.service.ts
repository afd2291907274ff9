import {
  ACCOUNT_LIMIT_CODES,
  ACCOUNT_LIMIT_MESSAGES,
  type Mutation,
  type PushRequest,
  type PushResponse,
  type WireMutation,
  mutationArgsSchemas,
  mutationSchema,
} from '@clinic/sync-protocol';
import { type Kysely, type Transaction, sql } from 'kysely';
import { type AuditEntry, recordAudits } from '../audit/audit.repository';
import { isPostgres } from '../db/dialect';
import type { Database } from '../db/database';
import { ApiError } from '../http/envelope';
import { advanceClient, lockClient, noteLastVersion, registerClient } from './clients.repository';
import { nextCounter, nextCounters } from './counters.repository';
import { type MutatorContext, MutationRejected, REJECTION_MESSAGES } from './mutator-context';
import { insertRejection } from './problems.repository';
import { safeArgsJson, safeText } from './safe-args';
import { applyMutation } from './server-entities';
import { type Authors, authorsOf } from './authors';

/** Who sends: the signed-in person, their address, and the session the request came in. */
export type Caller = {
  user: { id: string; username: string };
  ip: string | null;
  sessionId?: string | null;
  /** The device of a REST call (X-Client-Id), so its access-log rows name it; a push names its own. */
  clientId?: string | null;
};

export const PUSH_MESSAGES = {
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
 *
 * Almost every mutator succeeds, so the push first runs without a savepoint per mutation (two round
 * trips each on PostgreSQL). If a mutator fails, that attempt is rolled back whole and the push runs
 * again with savepoints, which undo the failed mutator's writes alone (see applyOne).
 *
 * A device's outbox is one ordered sequence, whoever made its changes: on a shared tablet anyone
 * signed in may send it (issue 25). Each change keeps its author (the device names them, see
 * authors.ts); rights are the sender's.
 */
export async function applyPush(
  db: Kysely<Database>,
  caller: Caller,
  push: PushRequest,
  now: () => Date,
  room: RejectionRoom = UNBOUNDED_ROOM,
): Promise<Omit<PushResponse, 'epoch'>> {
  await registerClient(db, push.clientId, caller.user.id, now().toISOString());
  if (push.mutations.length === 0)
    return { lastMutationId: Number((await lockClient(db, push.clientId)).last_mutation_id) };

  const authors = await authorsOf(db, caller.user, push.mutations);
  let mutations = push.mutations;
  let limited = false;
  for (;;) {
    const part = { ...push, mutations };
    const budget = { left: room.bytes, spent: 0 };
    try {
      let outcome: Step;
      try {
        outcome = await applyAll(db, { caller, authors }, part, now, false, budget);
      } catch (error) {
        if (!(error instanceof MutatorFailed)) throw error;
        budget.spent = 0;
        outcome = await applyAll(db, { caller, authors }, part, now, true, budget);
      }
      room.spend(budget.spent);
      if (outcome.gap) throw new ApiError(409, 'OUT_OF_ORDER', PUSH_MESSAGES.outOfOrder(outcome.last));
      // What came before the change that found no room is committed (as a shorter push would have
      // been); the device keeps the rest in its outbox and sends it again later.
      if (limited) throw new ApiError(429, ACCOUNT_LIMIT_CODES.rejections, ACCOUNT_LIMIT_MESSAGES.rejections);
      return { lastMutationId: Number(outcome.last) };
    } catch (error) {
      if (!(error instanceof RejectionsFull)) throw error;
      // The whole attempt was rolled back: it runs again without the change that found no room, and those after it.
      limited = true;
      mutations = mutations.slice(0, error.index);
      if (mutations.length === 0)
        throw new ApiError(429, ACCOUNT_LIMIT_CODES.rejections, ACCOUNT_LIMIT_MESSAGES.rejections);
    }
  }
}

/**
 * How many bytes of refused changes a push may store: the smaller of a push's cap and what is left of
 * the account's day (http/account-limits.ts); `spend` counts what a committed push stored.
 */
export type RejectionRoom = { bytes: number; spend: (bytes: number) => void };
const UNBOUNDED_ROOM: RejectionRoom = { bytes: Infinity, spend: () => undefined };
/** What one attempt at the push may still store, and has. */
type RejectionBudget = { left: number; spent: number };

/** A rejection found no room: the attempt is rolled back and made again with the changes before it. */
class RejectionsFull extends Error {
  constructor(readonly index: number) {
    super('the push stores no more rejections');
  }
}

type Step = { last: number; gap: boolean };

/** A mutator failed while the push ran without savepoints: roll back and run it again with them. */
class MutatorFailed extends Error {}

/**
 * The push's versions, one per mutation it applies, in order; the highest is noted for pulls. SQLite
 * takes each from its counter row (no round trip). PostgreSQL takes one block for the rest of the push
 * in one statement, the first of which marks the transaction as in flight (see nextCounter); versions
 * left over (replays, a gap, a rolled-back attempt) are simply never used.
 */
class Versions {
  highest = 0;
  #block: number[] = [];
  constructor(private readonly trx: Transaction<Database>) {}
  async take(remaining: number): Promise<number> {
    if (!isPostgres(this.trx)) return this.#note(await nextCounter(this.trx, 'version'));
    if (this.#block.length === 0)
      this.#block = await nextCounters(this.trx, 'version', remaining, { marked: this.highest > 0 });
    return this.#note(this.#block.shift()!);
  }
  #note(version: number): number {
    this.highest = Math.max(this.highest, version);
    return version;
  }
}

/** Who sends the push, and the authors its changes name that the server knows. */
type Senders = { caller: Caller; authors: Authors };

function applyAll(
  db: Kysely<Database>,
  { caller, authors }: Senders,
  push: PushRequest,
  now: () => Date,
  careful: boolean,
  budget: RejectionBudget,
): Promise<Step> {
  return db.transaction().execute(async (trx) => {
    const versions = new Versions(trx);
    // Every audit row of the push, written together at the end: one statement instead of one per change.
    const audit: AuditEntry[] = [];
    let outcome: Step = { last: 0, gap: false };
    for (const [index, mutation] of push.mutations.entries()) {
      const apply = {
        caller,
        author: authors.of(mutation),
        clientId: push.clientId,
        now: now().toISOString(),
        versions,
        careful,
        audit,
        remaining: push.mutations.length - index,
        budget,
        index,
      };
      const step = await applyOne(trx, apply, mutation);
      outcome = step;
      // Commit what came before the gap (as separate pushes would have), then refuse the rest.
      if (step.gap) break;
    }
    await recordAudits(trx, audit);
    if (versions.highest > 0) await noteLastVersion(trx, push.clientId, versions.highest);
    return outcome;
  });
}

type Apply = {
  caller: Caller;
  /** Who made this change: its author when the server knows them, else the sender. */
  author: { id: string; username: string };
  clientId: string;
  now: string;
  versions: Versions;
  careful: boolean;
  audit: AuditEntry[];
  remaining: number;
  budget: RejectionBudget;
  /** The mutation's place in the push, for a RejectionsFull. */
  index: number;
};

async function applyOne(trx: Transaction<Database>, apply: Apply, wire: WireMutation): Promise<Step> {
  const { caller, author, clientId, now, versions, careful, audit } = apply;
  // The advance is written first and commits with the mutation's effects, or rolls back with them.
  if (!(await advanceClient(trx, clientId, wire.id, now))) {
    const last = Number((await lockClient(trx, clientId)).last_mutation_id);
    return { last, gap: wire.id > last };
  }

  const version = await versions.take(apply.remaining);
  let mutation: Mutation;
  try {
    mutation = parseMutation(wire);
  } catch (error) {
    // Refused before anything of it was written: nothing to undo.
    await recordRejection(
      trx,
      apply,
      { caller, author, clientId, wire },
      { reason: rejectionReason(error, wire), now, version },
    );
    return { last: wire.id, gap: false };
  }
  const ctx: MutatorContext = {
    trx,
    version,
    now,
    // Rights are the sender's (caller.user); the author only names who made the change.
    user: caller.user,
    author,
    sessionId: caller.sessionId ?? null,
    clientId,
    mutationId: wire.id,
    madeAt: wire.clientTime,
    ip: caller.ip,
    audit,
  };
  const auditBefore = audit.length;
  if (!careful) {
    try {
      await applyMutation(ctx, mutation);
    } catch (error) {
      if (isTransientFailure(error)) throw error;
      throw new MutatorFailed('a mutator failed; the push runs again with savepoints', { cause: error });
    }
    return { last: wire.id, gap: false };
  }
  // Lets a failed mutator's writes be undone while the advance and the version stay for its rejection,
  // and the push's other mutations stay as they are. Released afterwards, so savepoints do not pile up.
  // Raw SQL: Kysely's savepoint API needs driver support the PGlite dialect lacks.
  await sql`savepoint mutation`.execute(trx);
  try {
    await applyMutation(ctx, mutation);
  } catch (error) {
    const reason = rejectionReason(error, wire);
    await sql`rollback to savepoint mutation`.execute(trx);
    audit.length = auditBefore; // its audit rows go with its writes
    await recordRejection(trx, apply, { caller, author, clientId, wire }, { reason, now, version });
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
  console.error(
    `sync push: mutation ${wire.id} (${safeText(wire.name, MUTATION_NAME_MAX_LENGTH)}) failed and is stored as a rejection:`,
    error,
  );
  return PUSH_MESSAGES.notApplied;
}

// Connection, serialization and deadlock, resources, operator intervention, system errors, lock timeout.
const TRANSIENT_SQLSTATE = /^(?:(?:08|40|53|57|58|XX)[0-9A-Z]{3}|55P03)$/;
const TRANSIENT_SQLITE = /^SQLITE_(?:BUSY|LOCKED|IOERR|FULL|NOMEM|CANTOPEN|READONLY|CORRUPT|INTERRUPT|PROTOCOL|NOTADB)/;
const TRANSIENT_SOCKET = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/** A failure of the database or its connection (busy, gone, out of space), which a later attempt may not meet. */
function isTransientFailure(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return (
    typeof code === 'string' &&
    (TRANSIENT_SQLSTATE.test(code) || TRANSIENT_SQLITE.test(code) || TRANSIENT_SOCKET.has(code))
  );
}

/** Stores the rejection (its audit row joins the push's); made of bounded, storable values whatever the client sent. */
async function recordRejection(
  trx: Transaction<Database>,
  { audit, budget, index }: Pick<Apply, 'audit' | 'budget' | 'index'>,
  of: { caller: Caller; author: { id: string; username: string }; clientId: string; wire: WireMutation },
  rejection: { reason: string; now: string; version: number },
): Promise<void> {
  const { caller, author, clientId, wire } = of;
  const { reason, now, version } = rejection;
  const name = safeText(wire.name, MUTATION_NAME_MAX_LENGTH) ?? '';
  const args = safeArgsJson(wire.args);
  const bytes = Buffer.byteLength(args, 'utf8') + Buffer.byteLength(reason, 'utf8') + name.length;
  if (budget.spent + bytes > budget.left) throw new RejectionsFull(index);
  budget.spent += bytes;
  await insertRejection(trx, { clientId, mutationId: wire.id, name, argsJson: args, reason, at: now, version });
  audit.push({
    userId: author.id,
    username: author.username,
    deliveredBy: caller.user,
    sessionId: caller.sessionId ?? null,
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
