import { z } from 'zod';

/**
 * A value overwritten by a later edit made from stale data: logged so no one's input silently vanishes.
 * `overwritten` is what was on the server; `value` what replaced it.
 */
export const conflictSchema = z.object({
  id: z.number().int().positive(),
  table: z.string(),
  recordId: z.string(),
  field: z.string(),
  overwritten: z.unknown(),
  value: z.unknown(),
  /** Who made the change that overwrote, and who had written the value that was lost. */
  by: z.string().nullable(),
  overwrittenBy: z.string().nullable(),
  at: z.string(),
});
export type Conflict = z.infer<typeof conflictSchema>;
