import type { MutationArgs } from '@clinic/sync-protocol';
import { type LocalContext, createLocal, deleteLocal, updateLocal } from './local-context';

/**
 * Diagnosis and pain-marker mutations as the device applies them, repeatable on every rebase (see
 * customer.ts). A marker is its own record, so markers added to one diagnosis on two devices both stay.
 */
export const diagnosisMutators = {
  'diagnosis.create': (ctx: LocalContext, args: MutationArgs<'diagnosis.create'>) =>
    createLocal(ctx, 'diagnoses', args),
  'diagnosis.update': (ctx: LocalContext, args: MutationArgs<'diagnosis.update'>) =>
    updateLocal(ctx, 'diagnoses', args.id, args.patch),
  'diagnosis.delete': (ctx: LocalContext, args: MutationArgs<'diagnosis.delete'>) =>
    deleteLocal(ctx, 'diagnoses', args.id),
};

export const painMarkerMutators = {
  'painMarker.create': (ctx: LocalContext, args: MutationArgs<'painMarker.create'>) =>
    createLocal(ctx, 'painMarkers', args),
  'painMarker.update': (ctx: LocalContext, args: MutationArgs<'painMarker.update'>) =>
    updateLocal(ctx, 'painMarkers', args.id, args.patch),
  'painMarker.delete': (ctx: LocalContext, args: MutationArgs<'painMarker.delete'>) =>
    deleteLocal(ctx, 'painMarkers', args.id),
};
