import type { MutationArgs } from '@clinic/sync-protocol';
import { type LocalContext, createLocal } from './local-context';

/** Media mutations as the device applies them, repeatable on every rebase (see customer.ts). */
export const mediaMutators = {
  // Not uploaded until the server says so: it sets the flag once the whole file has arrived.
  'media.create': (ctx: LocalContext, args: MutationArgs<'media.create'>) =>
    createLocal(ctx, 'media', { ...args, uploaded: false }),
};
