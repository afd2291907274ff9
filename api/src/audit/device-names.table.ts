/** The name each device gave itself in 設定, by its sync client id (migration 2026-12-02T0100). */
export interface DeviceNamesTable {
  client_id: string;
  name: string;
  updated_at: string;
}

export interface DeviceNamesTables {
  device_names: DeviceNamesTable;
}
