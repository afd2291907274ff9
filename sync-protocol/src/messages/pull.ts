import { z } from 'zod';
import { conflictSchema } from '../entities/conflict';
import { syncedEntities } from '../synced-entities';
import type { SyncedTable } from '../synced-tables';
import { rejectionSchema } from '../entities/rejection';
import { epochSchema } from './epoch';

export const pullRequestSchema = z.object({
  protocolVersion: z.number().int(),
  clientId: z.uuid({ error: 'クライアントIDが正しくありません' }),
  /** The last cookie this client applied; 0 for an empty device. */
  cookie: z.number().int().nonnegative(),
});
export type PullRequest = z.infer<typeof pullRequestSchema>;

type ChangesShape = { [T in SyncedTable]: z.ZodArray<(typeof syncedEntities)[T]['row']> };

/** Rows changed since the cookie, per synced table; deleted rows come as tombstones (`deleted: true`). */
export const pullChangesSchema = z.object(
  // One array per entry of the registry: exactly ChangesShape, which Object.fromEntries cannot type.
  Object.fromEntries(
    Object.entries(syncedEntities).map(([table, entity]) => [table, z.array(entity.row)]),
  ) as ChangesShape,
);
export type PullChanges = z.infer<typeof pullChangesSchema>;

export const pullResponseSchema = z.object({
  cookie: z.number().int().nonnegative(),
  lastMutationId: z.number().int().nonnegative(),
  hasMore: z.boolean(),
  changes: pullChangesSchema,
  rejections: z.array(rejectionSchema),
  conflicts: z.array(conflictSchema),
  /** The server's restore epoch: a device applies the page only when it is the one it synced with. */
  epoch: epochSchema,
});
export type PullResponse = z.infer<typeof pullResponseSchema>;
