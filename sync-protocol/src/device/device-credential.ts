import { z } from 'zod';
import { deviceClientIdSchema } from './device-key';

/*
 * A sync client id belongs to the device that registered it (issue 34): the server gives the device a
 * random secret at registration, and every push, pull and heal for that id carries it in a header. A
 * person's token alone never speaks for another tablet.
 */

// On its own, so the login page's and the logs' code names it without the schemas (`@clinic/sync-protocol/device-header`).
export { DEVICE_CREDENTIAL_HEADER } from './credential-header';

/** 32 random bytes as base64url without padding: 43 characters. */
export const DEVICE_CREDENTIAL_LENGTH = 43;

export const DEVICE_CREDENTIAL_CODES = {
  notRegistered: 'DEVICE_NOT_REGISTERED',
  invalid: 'DEVICE_CREDENTIAL_INVALID',
  alreadyRegistered: 'DEVICE_ALREADY_REGISTERED',
} as const;

export const DEVICE_CREDENTIAL_MESSAGES = {
  notRegistered: 'この端末はまだ同期の登録がされていません。もう一度同期してください。',
  invalid:
    'この端末の同期の登録を確認できませんでした。この端末から同期することはできません。管理者に連絡してください。',
  alreadyRegistered: 'この端末IDはすでに別の端末で登録されています。管理者に連絡してください。',
} as const;

/** POST /api/sync/register: the device names its client id (and the protocol it speaks). */
export const deviceRegisterRequestSchema = z.object({
  protocolVersion: z.number().int(),
  clientId: deviceClientIdSchema,
});
export type DeviceRegisterRequest = z.infer<typeof deviceRegisterRequestSchema>;

export const deviceCredentialSchema = z
  .string()
  .length(DEVICE_CREDENTIAL_LENGTH)
  .regex(/^[A-Za-z0-9_-]+$/);

/** The device's credential: kept sealed on the device, never shown to a person. */
export const deviceRegisterResponseSchema = z.object({ credential: deviceCredentialSchema });
export type DeviceRegisterResponse = z.infer<typeof deviceRegisterResponseSchema>;
