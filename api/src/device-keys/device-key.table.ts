/** One tablet's escrowed key, by its sync client id (migration 2026-12-03T0100). */
export interface DeviceKeysTable {
  client_id: string;
  /** `v1:` + the 32 random bytes sealed with the device-key secret (escrow-seal.ts); an older server's rows in clear are sealed at start. */
  key: string;
  created_at: string;
  /** The user whose request made it. */
  created_by: string;
}

export interface DeviceKeysTables {
  device_keys: DeviceKeysTable;
}
