import type { MutationArgs } from '@clinic/sync-protocol';
import { type LocalContext, createLocal, updateLocal } from './local-context';

/**
 * Appointment mutations as the device applies them, repeatable on every rebase (see customer.ts). A
 * booking that overlaps another is written like any other: the overlap is shown, never refused.
 */
export const appointmentMutators = {
  'appointment.create': (ctx: LocalContext, args: MutationArgs<'appointment.create'>) =>
    createLocal(ctx, 'appointments', args),
  'appointment.update': (ctx: LocalContext, args: MutationArgs<'appointment.update'>) =>
    updateLocal(ctx, 'appointments', args.id, args.patch),
};
