import { z } from 'zod';

/*
 * Device key escrow (issue 25). A shared tablet keeps its data key wrapped by each person's password
 * and also by a key the server holds for that tablet, so anyone who signs in online there can open its
 * data and send its unsent changes, even on their first visit. The key belongs to the tablet's sync
 * client id; an administrator revokes it when a tablet is lost. Outside the sync messages: no protocol bump.
 */

/** A device key is 32 random bytes (AES-256), sent as standard base64: 44 characters with padding. */
export const DEVICE_KEY_BYTES = 32;

export const DEVICE_KEY_MESSAGES = {
  invalidClientId: '端末のIDが正しくありません',
} as const;

// The length is checked before the pattern runs (a long value is refused without being matched).
export const deviceClientIdSchema = z
  .string({ error: DEVICE_KEY_MESSAGES.invalidClientId })
  .max(36, { error: DEVICE_KEY_MESSAGES.invalidClientId, abort: true })
  .pipe(z.uuid({ error: DEVICE_KEY_MESSAGES.invalidClientId }));

/** POST /api/device-key: the tablet names its sync client id. */
export const deviceKeyRequestSchema = z.object({ clientId: deviceClientIdSchema });
export type DeviceKeyRequest = z.infer<typeof deviceKeyRequestSchema>;

/** The tablet's key: the same for the same client id every time, until an administrator revokes it. */
export const deviceKeyResponseSchema = z.object({
  key: z.base64().length(Math.ceil(DEVICE_KEY_BYTES / 3) * 4),
});
export type DeviceKeyResponse = z.infer<typeof deviceKeyResponseSchema>;

/** DELETE /api/device-key/{clientId} (administrators): the revoked tablet's id. */
export const deviceKeyRevokeResponseSchema = z.object({ clientId: z.string(), revoked: z.boolean() });
export type DeviceKeyRevokeResponse = z.infer<typeof deviceKeyRevokeResponseSchema>;
