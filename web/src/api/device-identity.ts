import { DEVICE_CREDENTIAL_HEADER } from '@clinic/sync-protocol/device-header';
import { DEVICE_NAME_HEADER, encodeDeviceName } from '@clinic/sync-protocol/settings';

/** Which device this is: its sync client id and the name it was given in 設定 ('' for none). */
export type DeviceIdentity = { clientId: string; name: string };

let current: DeviceIdentity | null = null;

/** Set once the device's settings are read, and again when its name changes (data/device-identity.ts). */
export function setDeviceIdentity(identity: DeviceIdentity | null): void {
  current = identity;
}

/** The name this device was given ('' until known or when it has none): the logs it sends carry it. */
export const deviceName = (): string => current?.name ?? '';

/**
 * The headers every request carries once the device is known, so the server's access log names the
 * device (施術室1) rather than its address; the name percent-encoded, as a header carries only ASCII.
 */
export function deviceHeaders(): Record<string, string> {
  if (!current) return {};
  return { 'X-Client-Id': current.clientId, [DEVICE_NAME_HEADER]: encodeDeviceName(current.name) };
}

let credential: string | null = null;

/** The device's sync credential once a sync has read or received it this page load (sync/device-credential.ts). */
export function setDeviceCredential(value: string | null): void {
  credential = value;
}

/**
 * The credential as a header, for the logs a device sends without logging in: the server then counts
 * them as the clinic's own, which an anonymous flood cannot crowd out. Nothing before the first sync.
 */
export function deviceCredentialHeaders(): Record<string, string> {
  return credential ? { [DEVICE_CREDENTIAL_HEADER]: credential } : {};
}
