import { z } from 'zod';

/** Columns every synced record carries (DESIGN.md "Server"). */
export const recordMetaSchema = z.object({
  createdAt: z.string(),
  updatedAt: z.string(),
  updatedBy: z.string().nullable(),
  version: z.number().int().nonnegative(),
  deleted: z.boolean(),
});
export type RecordMeta = z.infer<typeof recordMetaSchema>;
