/** One tablet's escrowed key, by its sync client id (migration 2026-12-03T0100). */
export interface DeviceKeysTable {
  client_id: string;
  /** Standard base64 of 32 random bytes. */
  key: string;
  created_at: string;
  /** The user whose request made it. */
  created_by: string;
}

export interface DeviceKeysTables {
  device_keys: DeviceKeysTable;
}
