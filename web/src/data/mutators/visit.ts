import type { MutationArgs } from '@clinic/sync-protocol';
import { type LocalContext, createLocal, deleteLocal, updateLocal } from './local-context';

/**
 * Visit mutations as the device applies them, repeatable on every rebase (see customer.ts). A visit of
 * a customer deleted elsewhere is kept, as the server keeps it: it is part of that person's history.
 */
export const visitMutators = {
  // The server fills in the acting user the same way.
  'visit.create': (ctx: LocalContext, args: MutationArgs<'visit.create'>) =>
    createLocal(ctx, 'visits', { ...args, staffName: args.staffName || ctx.userName || '' }),
  'visit.update': (ctx: LocalContext, args: MutationArgs<'visit.update'>) =>
    updateLocal(ctx, 'visits', args.id, args.patch),
  'visit.delete': (ctx: LocalContext, args: MutationArgs<'visit.delete'>) => deleteLocal(ctx, 'visits', args.id),
};
