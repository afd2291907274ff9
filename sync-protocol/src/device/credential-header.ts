/** The header that carries the device's credential on every /api/sync call (device-credential.ts). */
export const DEVICE_CREDENTIAL_HEADER = 'X-Device-Credential';
