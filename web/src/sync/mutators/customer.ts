import type { Customer, MutationArgs } from '@clinic/sync-protocol';
import { type LocalContext, putPending, serverShape } from './local-context';

/**
 * Customer mutations as the device applies them, at once and again on every rebase, so each must give
 * the same result when re-run on the server's newer state. The server's mutators are the ones that count.
 * Each returns the row it wrote (undefined: nothing to change).
 */
export const customerMutators = {
  async 'customer.create'(ctx: LocalContext, args: MutationArgs<'customer.create'>) {
    const current = await ctx.db.customers.get(args.id);
    const row: Customer = {
      ...args,
      chartNumber: current?.chartNumber ?? null,
      createdAt: current?.createdAt ?? ctx.clientTime,
      updatedAt: ctx.clientTime,
      updatedBy: ctx.userName,
      version: current?.version ?? 0,
      deleted: false,
    };
    return putPending(ctx.db.customers, row, current);
  },

  async 'customer.update'(ctx: LocalContext, args: MutationArgs<'customer.update'>) {
    const current = await ctx.db.customers.get(args.id);
    // Deleted meanwhile: nothing to show locally; the server turns it into a visible rejection.
    if (!current || current.deleted) return undefined;
    const row: Customer = { ...serverShape(current), ...args.patch, updatedAt: ctx.clientTime, updatedBy: ctx.userName };
    return putPending(ctx.db.customers, row, current);
  },

  async 'customer.delete'(ctx: LocalContext, args: MutationArgs<'customer.delete'>) {
    const current = await ctx.db.customers.get(args.id);
    if (!current || current.deleted) return undefined;
    // Kept as a local tombstone until the server confirms, so the delete can be rebased or undone.
    const row: Customer = { ...serverShape(current), deleted: true, updatedAt: ctx.clientTime, updatedBy: ctx.userName };
    return putPending(ctx.db.customers, row, current);
  },
};
