import { z } from 'zod';
import { deviceCredentialSchema } from '../device/device-credential';
import { pushRequestSchema } from '../messages/push';

/** The sealed route's body: an envelope (seal.ts). Sizes bound what a stranger can make the server try. */
export const sealedEnvelopeSchema = z.object({
  v: z.literal(1),
  kid: z.string().min(1).max(64),
  epk: z.string().length(87),
  iv: z.string().length(16),
  ct: z.string().min(1),
});

/**
 * What is inside: the device's credential (it travels nowhere else with a sealed push), who was signed in
 * when it was sealed (their rights apply, as their token's would have on the page's own push) and the push.
 */
export const sealedPushPayloadSchema = z.object({
  credential: deviceCredentialSchema,
  senderId: z.uuid(),
  push: pushRequestSchema,
});
export type SealedPushPayload = z.infer<typeof sealedPushPayloadSchema>;

/** GET /api/sync/seal-key: the server's current public key. */
export const sealKeyResponseSchema = z.object({
  kid: z.string().min(1).max(64),
  jwk: z.object({ kty: z.literal('EC'), crv: z.literal('P-256'), x: z.string(), y: z.string() }),
});

export const SEALED_CODES = {
  /** Sealed to a key the server no longer holds (rotated long ago): the device fetches the new one. */
  unknownKey: 'SEAL_KEY_UNKNOWN',
  /** Did not open or did not parse: forged or damaged. */
  unreadable: 'SEALED_UNREADABLE',
} as const;

export const SEALED_MESSAGES = {
  unknownKey: '送信データの鍵が古くなっています。もう一度同期してください。',
  unreadable: '送信データを確認できませんでした。',
  senderGone: '変更した人のアカウントが使えなくなっているため、送信できませんでした。',
} as const;
