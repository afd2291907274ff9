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
