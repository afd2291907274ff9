import { z } from 'zod';
import { conflictSchema } from '../entities/conflict';
import { customerSchema } from '../entities/customer';
import { rejectionSchema } from '../entities/rejection';

export const pullRequestSchema = z.object({
  protocolVersion: z.number().int(),
  clientId: z.uuid({ error: 'クライアントIDが正しくありません' }),
  /** The last cookie this client applied; 0 for an empty device. */
  cookie: z.number().int().nonnegative(),
});
export type PullRequest = z.infer<typeof pullRequestSchema>;

/** Rows changed since the cookie, per table; deleted rows come as tombstones (`deleted: true`). */
export const pullChangesSchema = z.object({
  customers: z.array(customerSchema),
});
export type PullChanges = z.infer<typeof pullChangesSchema>;
export type SyncedTable = keyof PullChanges;

export const pullResponseSchema = z.object({
  cookie: z.number().int().nonnegative(),
  lastMutationId: z.number().int().nonnegative(),
  hasMore: z.boolean(),
  changes: pullChangesSchema,
  rejections: z.array(rejectionSchema),
  conflicts: z.array(conflictSchema),
});
export type PullResponse = z.infer<typeof pullResponseSchema>;
