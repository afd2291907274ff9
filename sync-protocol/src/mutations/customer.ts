import { z } from 'zod';
import { customerFieldsSchema, newCustomerFieldsSchema } from '../entities/customer';
import { NOTHING_CHANGED } from './nothing-changed';

export const customerCreateArgsSchema = newCustomerFieldsSchema.extend({ id: z.uuid() });
export type CustomerCreateArgs = z.input<typeof customerCreateArgsSchema>;

/** Only the changed fields, plus the values the edit was based on (for conflict detection). */
export const customerUpdateArgsSchema = z.object({
  id: z.uuid(),
  patch: customerFieldsSchema.partial().refine((p) => Object.keys(p).length > 0, NOTHING_CHANGED),
  base: customerFieldsSchema.partial(),
});
export type CustomerUpdateArgs = z.infer<typeof customerUpdateArgsSchema>;

export const customerDeleteArgsSchema = z.object({ id: z.uuid() });
export type CustomerDeleteArgs = z.infer<typeof customerDeleteArgsSchema>;

export const customerMutationArgs = {
  'customer.create': customerCreateArgsSchema,
  'customer.update': customerUpdateArgsSchema,
  'customer.delete': customerDeleteArgsSchema,
} as const;
