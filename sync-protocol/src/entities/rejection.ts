import { z } from 'zod';

/** A mutation the server refused: kept with its args so the person can retry it as new, or discard it. */
export const rejectionSchema = z.object({
  mutationId: z.number().int().positive(),
  name: z.string(),
  args: z.unknown(),
  reason: z.string(),
  at: z.string(),
});
export type Rejection = z.infer<typeof rejectionSchema>;
