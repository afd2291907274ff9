import { z } from 'zod';
import { SYNCED_TABLES, type SyncedTable } from '../synced-tables';
import { epochSchema } from './epoch';

/** Rows per heal request: a bounded body however large the device's data. */
export const HEAL_BATCH_MAX = 100;

const clientId = z.uuid({ error: 'クライアントIDが正しくありません' });

/** Asks the server which epoch it is in and what it was restored from. */
export const healStartRequestSchema = z.object({ protocolVersion: z.number().int(), clientId });
export type HealStartRequest = z.infer<typeof healStartRequestSchema>;

export const healStartResponseSchema = z.object({
  epoch: epochSchema,
  /** When this epoch began: rows changed on the server since then are never overwritten by a heal. */
  startedAt: z.string(),
  /**
   * The epoch and version the restored backup was taken at; null when unknown (a new install). A device
   * whose rows come from that same epoch need send only rows of a later version: the backup holds the rest.
   */
  restoredFrom: z.object({ epoch: epochSchema, version: z.number().int().nonnegative() }).nullable(),
});
export type HealStartResponse = z.infer<typeof healStartResponseSchema>;

/**
 * One batch of one table's rows as the device last received them from the server (its own pending
 * edits left out: the outbox sends those). Each row is checked on its own against the table's row
 * schema, so one bad row does not stop the others.
 */
/**
 * A deletion the device saw in a pull and keeps in its bounded deletion log (web/src/sync/deletion-log.ts):
 * sent again so a record deleted after the backup was taken is deleted again, not brought back. Only
 * the record's id and when and by whom it was deleted: no patient data.
 */
export const healDeletionSchema = z.object({
  id: z.uuid(),
  updatedAt: z.string().max(40),
  updatedBy: z.string().max(200).nullable(),
});
export type HealDeletion = z.infer<typeof healDeletionSchema>;

export const healRequestSchema = z.object({
  protocolVersion: z.number().int(),
  clientId,
  epoch: epochSchema,
  table: z.enum(SYNCED_TABLES as [SyncedTable, ...SyncedTable[]]),
  rows: z.array(z.unknown()).max(HEAL_BATCH_MAX, `一度に送り直せる記録は${HEAL_BATCH_MAX}件までです`),
  /** Since protocol 10; absent from older devices, which keep no deletion log. */
  deletions: z
    .array(healDeletionSchema)
    .max(HEAL_BATCH_MAX, `一度に送り直せる記録は${HEAL_BATCH_MAX}件までです`)
    .optional(),
});
export type HealRequest = z.infer<typeof healRequestSchema>;

const count = z.number().int().nonnegative();
export const healResponseSchema = z.object({
  epoch: epochSchema,
  /** Rows the server lacked, now added. */
  inserted: count,
  /** Rows the server held at an older state than the device's, now replaced by it. */
  replaced: count,
  /** Rows the server already held as the device has them, or newer. */
  unchanged: count,
  /** Rows changed on the server after the restore: kept as the server has them. */
  kept: count,
  /** Rows that are not valid records, or name a record the server does not have. */
  refused: count,
  /** Photos and videos the device had seen uploaded whose file the server lacks: the device sends them again. */
  missingFiles: z.array(z.uuid()),
});
export type HealResponse = z.infer<typeof healResponseSchema>;

/** The heal is done: the server takes the device's last confirmed mutation id, so its outbox goes on from there. */
export const healFinishRequestSchema = z.object({
  protocolVersion: z.number().int(),
  clientId,
  epoch: epochSchema,
  lastMutationId: z.number().int().nonnegative(),
});
export type HealFinishRequest = z.infer<typeof healFinishRequestSchema>;

export const healFinishResponseSchema = z.object({ epoch: epochSchema, lastMutationId: count });
export type HealFinishResponse = z.infer<typeof healFinishResponseSchema>;
