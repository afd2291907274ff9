import { z } from 'zod';
import { appointmentFieldsSchema, newAppointmentFieldsSchema } from '../entities/appointment';
import { NOTHING_CHANGED } from './nothing-changed';

export const appointmentCreateArgsSchema = newAppointmentFieldsSchema.extend({ id: z.uuid() });
export type AppointmentCreateArgs = z.input<typeof appointmentCreateArgsSchema>;

/**
 * Only the changed fields, plus the values the edit was based on (for conflict detection). Moving,
 * cancelling and marking 来院済み are all updates: an appointment is never deleted, its history counts.
 */
export const appointmentUpdateArgsSchema = z.object({
  id: z.uuid(),
  patch: appointmentFieldsSchema.partial().refine((p) => Object.keys(p).length > 0, NOTHING_CHANGED),
  base: appointmentFieldsSchema.partial(),
});
export type AppointmentUpdateArgs = z.infer<typeof appointmentUpdateArgsSchema>;

export const appointmentMutationArgs = {
  'appointment.create': appointmentCreateArgsSchema,
  'appointment.update': appointmentUpdateArgsSchema,
} as const;
