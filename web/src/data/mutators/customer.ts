import type { MutationArgs } from '@clinic/sync-protocol';
import { type LocalContext, createLocal, deleteLocal, updateLocal } from './local-context';

/**
 * Customer mutations as the device applies them, at once and again on every rebase, so each must give
 * the same result when re-run on the server's newer state. The server's mutators are the ones that count.
 * Each returns the row it wrote (undefined: nothing to change).
 */
export const customerMutators = {
  async 'customer.create'(ctx: LocalContext, args: MutationArgs<'customer.create'>) {
    // The カルテ番号 is the server's: a rebase keeps the one it has given.
    const chartNumber = (await ctx.db.customers.get(args.id))?.chartNumber ?? null;
    return createLocal(ctx, 'customers', { ...args, chartNumber });
  },
  'customer.update': (ctx: LocalContext, args: MutationArgs<'customer.update'>) =>
    updateLocal(ctx, 'customers', args.id, args.patch),
  'customer.delete': (ctx: LocalContext, args: MutationArgs<'customer.delete'>) =>
    deleteLocal(ctx, 'customers', args.id),
};
