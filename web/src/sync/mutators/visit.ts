import type { MutationArgs, Visit } from '@clinic/sync-protocol';
import { type LocalContext, putPending, serverShape } from './local-context';

/**
 * Visit mutations as the device applies them, repeatable on every rebase (see customer.ts). A visit of
 * a customer deleted elsewhere is kept, as the server keeps it: it is part of that person's history.
 */
export const visitMutators = {
  async 'visit.create'(ctx: LocalContext, args: MutationArgs<'visit.create'>) {
    const current = await ctx.db.visits.get(args.id);
    const row: Visit = {
      ...args,
      // The server fills in the acting user the same way.
      staffName: args.staffName || ctx.userName || '',
      createdAt: current?.createdAt ?? ctx.clientTime,
      updatedAt: ctx.clientTime,
      updatedBy: ctx.userName,
      version: current?.version ?? 0,
      deleted: false,
    };
    return putPending(ctx.db.visits, row, current);
  },

  async 'visit.update'(ctx: LocalContext, args: MutationArgs<'visit.update'>) {
    const current = await ctx.db.visits.get(args.id);
    if (!current || current.deleted) return undefined;
    const row: Visit = { ...serverShape(current), ...args.patch, updatedAt: ctx.clientTime, updatedBy: ctx.userName };
    return putPending(ctx.db.visits, row, current);
  },

  async 'visit.delete'(ctx: LocalContext, args: MutationArgs<'visit.delete'>) {
    const current = await ctx.db.visits.get(args.id);
    if (!current || current.deleted) return undefined;
    const row: Visit = { ...serverShape(current), deleted: true, updatedAt: ctx.clientTime, updatedBy: ctx.userName };
    return putPending(ctx.db.visits, row, current);
  },
};
