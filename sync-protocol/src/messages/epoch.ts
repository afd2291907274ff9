import { z } from 'zod';

/**
 * The server's restore epoch: a random id, new whenever the data is restored from a backup. A device
 * that sees a different epoch than the one it last synced with knows the server went back in time:
 * it sends again what the server lacks (see heal.ts), then pulls everything afresh.
 */
export const epochSchema = z.string().min(1).max(64);
export type Epoch = z.infer<typeof epochSchema>;

/** A push naming an epoch the server no longer has is refused with this code (409), and nothing is applied. */
export const EPOCH_CHANGED_CODE = 'EPOCH_CHANGED' as const;
export const EPOCH_CHANGED_MESSAGE =
  'サーバーのデータがバックアップから戻されました。この端末のデータを送り直してから同期を続けます';
