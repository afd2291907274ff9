import type { Transaction } from 'kysely';
import type { AuditEntry } from '../audit/audit.repository';
import type { Database } from '../db/database';

/** Everything a server mutator may use: the mutation's transaction, its version stamp and who sent it. */
export interface MutatorContext {
  trx: Transaction<Database>;
  /** The global version this mutation stamps on every row it touches. */
  version: number;
  now: string;
  /**
   * Who sent the change: the signed-in person, checked by the server. Every check of rights is made
   * against this person, never against `author`.
   */
  user: { id: string; username: string };
  /**
   * Who made the change, when a device sends it on behalf of someone (a shared tablet's outbox is sent by
   * whoever signs in online next, issue 25); absent, the sender made it. It is the device's word: the
   * records and the audit name this person, but it grants no right, so a forged id can only misname the
   * author, never let the sender do more than their own role allows.
   */
  author?: { id: string; username: string };
  /** The session the change arrived in (a push), for the audit. */
  sessionId?: string | null;
  clientId: string | null;
  /** When the device made the change (the mutation's clientTime), for the access log; absent on REST calls. */
  madeAt?: string;
  /** The pushing client's mutation id (null for REST calls), recorded in the audit log. */
  mutationId: number | null;
  ip: string | null;
  /** When present, audit entries of changes are collected here and written by the caller in one statement (a push). */
  audit?: AuditEntry[];
}

/** The person a change is recorded as made by (see `author`): for stamps, conflicts and the audit, never for rights. */
export const madeBy = (ctx: Pick<MutatorContext, 'user' | 'author'>) => ctx.author ?? ctx.user;

/**
 * A mutation the server refuses for a reason the person can understand (validation, permission, a
 * record deleted elsewhere). Thrown BEFORE the mutator writes anything; the push stores it as a rejection.
 */
export class MutationRejected extends Error {
  constructor(
    message: string,
    readonly status: 400 | 403 | 404 | 409 = 400,
  ) {
    super(message);
    this.name = 'MutationRejected';
  }
}

export const REJECTION_MESSAGES = {
  deletedElsewhere: 'この記録は他の端末で削除されています',
  unknownMutation: 'この変更の種類はサーバーで扱えません',
  invalidArgs: '変更の内容が正しくありません',
} as const;

/** The record a change is about, if it is there and not deleted; otherwise the rejection that says which. */
export function liveRecord<R extends { deleted: number }>(row: R | undefined, notFound: string): R {
  if (!row) throw new MutationRejected(notFound, 404);
  if (Number(row.deleted)) throw new MutationRejected(REJECTION_MESSAGES.deletedElsewhere, 409);
  return row;
}
