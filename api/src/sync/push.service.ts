import { type Mutation, type PushRequest, type PushResponse, type WireMutation, mutationArgsSchemas, mutationSchema } from '@clinic/sync-protocol';
import type { Kysely, Transaction } from 'kysely';
import { recordAudit } from '../audit/audit.repository';
import type { Database } from '../db/database';
import { ApiError } from '../http/envelope';
import { advanceClient, claimClient, lockClient } from './clients.repository';
import { nextCounter } from './counters.repository';
import { type MutatorContext, MutationRejected, REJECTION_MESSAGES } from './mutator-context';
import { insertRejection } from './problems.repository';
import { applyMutation } from './server-mutators';

export type Caller = { user: { id: string; username: string }; ip: string | null };

export const PUSH_MESSAGES = {
  otherUsersClient: 'この端末の同期IDは別のユーザーのものです。ログアウトしてから再度ログインしてください',
  outOfOrder: (last: number) => `変更の順序が正しくありません（サーバーが受け取った最後の変更は ${last} 番です）`,
} as const;

/**
 * Applies a push: each mutation in its own transaction, at most once. Ids at or below the client's
 * lastMutationId are replays and skipped; a gap is refused without applying; a mutation that fails
 * validation or permission is stored as a rejection and still advances lastMutationId.
 */
export async function applyPush(db: Kysely<Database>, caller: Caller, push: PushRequest, now: () => Date): Promise<PushResponse> {
  const owner = await claimClient(db, push.clientId, caller.user.id, now().toISOString());
  if (owner !== caller.user.id) throw new ApiError(403, 'FORBIDDEN', PUSH_MESSAGES.otherUsersClient);

  let lastMutationId = 0;
  for (const mutation of push.mutations) {
    lastMutationId = await db.transaction().execute((trx) => applyOne(trx, caller, push.clientId, mutation, now().toISOString()));
  }
  if (push.mutations.length === 0) lastMutationId = (await lockClient(db, push.clientId)).last_mutation_id;
  return { lastMutationId: Number(lastMutationId) };
}

async function applyOne(trx: Transaction<Database>, caller: Caller, clientId: string, wire: WireMutation, now: string): Promise<number> {
  // The advance is written first and commits with the mutation's effects, or rolls back with them.
  if (!(await advanceClient(trx, clientId, wire.id, now))) {
    const last = Number((await lockClient(trx, clientId)).last_mutation_id);
    if (wire.id <= last) return last;
    throw new ApiError(409, 'OUT_OF_ORDER', PUSH_MESSAGES.outOfOrder(last));
  }

  const version = await nextCounter(trx, 'version');
  const ctx: MutatorContext = { trx, version, now, user: caller.user, clientId, mutationId: wire.id, ip: caller.ip };
  try {
    await applyMutation(ctx, parseMutation(wire));
  } catch (error) {
    if (!(error instanceof MutationRejected)) throw error;
    await insertRejection(trx, { clientId, mutationId: wire.id, name: wire.name, args: wire.args, reason: error.message, at: now, version });
    await recordAudit(trx, {
      userId: caller.user.id,
      username: caller.user.username,
      action: 'sync.rejected',
      entity: wire.name.split('.')[0] ?? null,
      entityId: typeof wire.args === 'object' && wire.args && 'id' in wire.args ? String(wire.args.id) : null,
      clientId,
      ip: caller.ip,
      detail: { mutationId: wire.id, name: wire.name, reason: error.message },
      at: new Date(now),
    });
  }
  return wire.id;
}

function parseMutation(wire: WireMutation): Mutation {
  if (!Object.hasOwn(mutationArgsSchemas, wire.name)) throw new MutationRejected(REJECTION_MESSAGES.unknownMutation);
  // The schemas' own messages are the Japanese ones a person can act on; any other issue (a malformed
  // id, args that are not an object) gets the general one rather than zod's English default.
  const parsed = mutationSchema.safeParse(wire, { error: () => REJECTION_MESSAGES.invalidArgs });
  if (!parsed.success) throw new MutationRejected(parsed.error.issues[0]?.message ?? REJECTION_MESSAGES.invalidArgs);
  return parsed.data;
}
