import { z } from 'zod';
import { conflictSchema } from '../entities/conflict';
import { syncedEntities } from '../synced-entities';
import type { SyncedTable } from '../synced-tables';
import { rejectionSchema } from '../entities/rejection';
import { epochSchema } from './epoch';

/** At most this many people are asked about in one pull (a clinic's staff, with room). */
export const MAX_SIGNERS = 100;

export const pullRequestSchema = z.object({
  protocolVersion: z.number().int(),
  clientId: z.uuid({ error: 'クライアントIDが正しくありません' }),
  /** The last cookie this client applied; 0 for an empty device. */
  cookie: z.number().int().nonnegative(),
  /** The people who may sign in on this device, for the server to confirm (see PullResponse.signers). */
  signers: z.array(z.string().max(100)).max(MAX_SIGNERS).optional(),
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

/** One person who may still sign in, with the server's word for their current password (LoginResponse.signInStamp). */
export const signerSchema = z.object({ id: z.string().max(100), stamp: z.string().min(1).max(64) });
export type Signer = z.infer<typeof signerSchema>;

export const pullResponseSchema = z.object({
  cookie: z.number().int().nonnegative(),
  lastMutationId: z.number().int().nonnegative(),
  hasMore: z.boolean(),
  changes: pullChangesSchema,
  rejections: z.array(rejectionSchema),
  conflicts: z.array(conflictSchema),
  /** The server's restore epoch: a device applies the page only when it is the one it synced with. */
  epoch: epochSchema,
  /**
   * Of the people the request asked about, those who may still sign in (not deleted), with their stamp:
   * the device drops the wraps of everyone else (issue 34). Absent when none were asked about.
   */
  signers: z.array(signerSchema).max(MAX_SIGNERS).optional(),
});
export type PullResponse = z.infer<typeof pullResponseSchema>;
