import { type DeviceKeyRequest, deviceKeyResponseSchema } from '@clinic/sync-protocol';
import { apiRequest } from './client';

/** Standard base64 to bytes (atob: the schema has already checked the alphabet and the length). */
function bytesOf(base64: string): Uint8Array<ArrayBuffer> {
  const text = atob(base64);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/**
 * This tablet's escrow key, held by the server (POST /api/device-key): the same 32 bytes for the same
 * sync client id until an administrator revokes them. With it anyone signed in online here can open
 * the tablet's data. Needs the session: the request path sends its token.
 */
export async function fetchDeviceKey(clientId: string, signal?: AbortSignal): Promise<Uint8Array<ArrayBuffer>> {
  const body: DeviceKeyRequest = { clientId };
  const { key } = await apiRequest('/device-key', {
    method: 'POST',
    body,
    schema: deviceKeyResponseSchema,
    signal,
  });
  return bytesOf(key);
}
