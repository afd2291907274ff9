import { recordAudit } from '../audit/audit.repository';
import type { MutatorContext } from './mutator-context';

/** The audit row of one change made by a mutator, in its transaction, naming the mutation that made it. */
export function auditChange(ctx: MutatorContext, change: { entity: string; action: string; id: string; detail?: Record<string, unknown> }) {
  return recordAudit(ctx.trx, {
    userId: ctx.user.id,
    username: ctx.user.username,
    action: change.action,
    entity: change.entity,
    entityId: change.id,
    clientId: ctx.clientId,
    ip: ctx.ip,
    detail: { ...change.detail, ...(ctx.mutationId === null ? {} : { mutationId: ctx.mutationId }) },
    at: new Date(ctx.now),
  });
}
