import type { Diagnosis, MutationArgs, PainMarker } from '@clinic/sync-protocol';
import { type LocalContext, putPending, serverShape } from './local-context';

/**
 * Diagnosis and pain-marker mutations as the device applies them, repeatable on every rebase (see
 * customer.ts). A marker is its own record, so markers added to one diagnosis on two devices both stay.
 */
export const diagnosisMutators = {
  async 'diagnosis.create'(ctx: LocalContext, args: MutationArgs<'diagnosis.create'>) {
    const current = await ctx.db.diagnoses.get(args.id);
    const row: Diagnosis = {
      ...args,
      createdAt: current?.createdAt ?? ctx.clientTime,
      updatedAt: ctx.clientTime,
      updatedBy: ctx.userName,
      version: current?.version ?? 0,
      deleted: false,
    };
    return putPending(ctx.db.diagnoses, row, current);
  },

  async 'diagnosis.update'(ctx: LocalContext, args: MutationArgs<'diagnosis.update'>) {
    const current = await ctx.db.diagnoses.get(args.id);
    if (!current || current.deleted) return undefined;
    const row: Diagnosis = { ...serverShape(current), ...args.patch, updatedAt: ctx.clientTime, updatedBy: ctx.userName };
    return putPending(ctx.db.diagnoses, row, current);
  },

  async 'diagnosis.delete'(ctx: LocalContext, args: MutationArgs<'diagnosis.delete'>) {
    const current = await ctx.db.diagnoses.get(args.id);
    if (!current || current.deleted) return undefined;
    const row: Diagnosis = { ...serverShape(current), deleted: true, updatedAt: ctx.clientTime, updatedBy: ctx.userName };
    return putPending(ctx.db.diagnoses, row, current);
  },
};

export const painMarkerMutators = {
  async 'painMarker.create'(ctx: LocalContext, args: MutationArgs<'painMarker.create'>) {
    const current = await ctx.db.painMarkers.get(args.id);
    const row: PainMarker = {
      ...args,
      createdAt: current?.createdAt ?? ctx.clientTime,
      updatedAt: ctx.clientTime,
      updatedBy: ctx.userName,
      version: current?.version ?? 0,
      deleted: false,
    };
    return putPending(ctx.db.painMarkers, row, current);
  },

  async 'painMarker.update'(ctx: LocalContext, args: MutationArgs<'painMarker.update'>) {
    const current = await ctx.db.painMarkers.get(args.id);
    if (!current || current.deleted) return undefined;
    const row: PainMarker = { ...serverShape(current), ...args.patch, updatedAt: ctx.clientTime, updatedBy: ctx.userName };
    return putPending(ctx.db.painMarkers, row, current);
  },

  async 'painMarker.delete'(ctx: LocalContext, args: MutationArgs<'painMarker.delete'>) {
    const current = await ctx.db.painMarkers.get(args.id);
    if (!current || current.deleted) return undefined;
    const row: PainMarker = { ...serverShape(current), deleted: true, updatedAt: ctx.clientTime, updatedBy: ctx.userName };
    return putPending(ctx.db.painMarkers, row, current);
  },
};
