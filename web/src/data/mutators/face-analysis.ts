import type { MutationArgs } from '@clinic/sync-protocol';
import { type LocalContext, createLocal } from './local-context';

/** Expression analyses as the device applies them, repeatable on every rebase (see customer.ts). */
export const faceAnalysisMutators = {
  'faceAnalysis.create': (ctx: LocalContext, args: MutationArgs<'faceAnalysis.create'>) =>
    createLocal(ctx, 'faceAnalyses', args),
};
