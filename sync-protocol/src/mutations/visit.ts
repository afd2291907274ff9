import { z } from 'zod';
import { newVisitFieldsSchema, visitFieldsSchema } from '../entities/visit';
import { NOTHING_CHANGED } from './nothing-changed';

export const visitCreateArgsSchema = newVisitFieldsSchema.extend({ id: z.uuid() });
export type VisitCreateArgs = z.input<typeof visitCreateArgsSchema>;

/** Only the changed fields, plus the values the edit was based on (for conflict detection). */
export const visitUpdateArgsSchema = z.object({
  id: z.uuid(),
  patch: visitFieldsSchema.partial().refine((p) => Object.keys(p).length > 0, NOTHING_CHANGED),
  base: visitFieldsSchema.partial(),
});
export type VisitUpdateArgs = z.infer<typeof visitUpdateArgsSchema>;

export const visitDeleteArgsSchema = z.object({ id: z.uuid() });

export const visitMutationArgs = {
  'visit.create': visitCreateArgsSchema,
  'visit.update': visitUpdateArgsSchema,
  'visit.delete': visitDeleteArgsSchema,
} as const;
