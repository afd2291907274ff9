import { type AuditEntry, recordAudit } from '../audit/audit.repository';
import { type MutatorContext, madeBy } from './mutator-context';

/**
 * The audit row of one change made by a mutator, in its transaction, naming the mutation that made it;
 * collected in `ctx.audit` when the caller writes them together (see push.service.ts).
 */
export async function auditChange(
  ctx: MutatorContext,
  change: { entity: string; action: string; id: string; detail?: Record<string, unknown> },
): Promise<void> {
  const author = madeBy(ctx);
  const entry: AuditEntry = {
    // The person who made the change; a push also names who sent it and in which session (issue 25).
    userId: author.id,
    username: author.username,
    deliveredBy: ctx.author ? ctx.user : null,
    sessionId: ctx.sessionId ?? null,
    action: change.action,
    entity: change.entity,
    entityId: change.id,
    clientId: ctx.clientId,
    ip: ctx.ip,
    detail: {
      ...change.detail,
      ...(ctx.mutationId === null ? {} : { mutationId: ctx.mutationId }),
      // A change sent later than it was made (offline, a shared tablet's queue): the log shows both times.
      ...(ctx.madeAt === undefined ? {} : { madeAt: ctx.madeAt }),
    },
    at: new Date(ctx.now),
  };
  if (ctx.audit) ctx.audit.push(entry);
  else await recordAudit(ctx.trx, entry);
}
