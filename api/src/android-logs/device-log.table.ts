import type { Generated, Insertable, Selectable } from 'kysely';

/** One upload from a device (POST /api/android-logs/upload or /error). */
export interface DeviceLogSessionsTable {
  id: Generated<number>;
  /** android-log-YYYYMMDDTHHMMSS-<session>-<8 hex>.json, made by the server (DEVICE_LOG_FILE_NAME). */
  file_name: string;
  uploaded_at: string;
  kind: 'upload' | 'error';
  session_id: string;
  /** JSON text of the parsed deviceInfo. */
  device_info: string;
  error_count: number;
  action_count: number;
  page_load_time: number | null;
  dom_content_loaded: number | null;
  first_contentful_paint: number | null;
  /** JSON text of the whole upload as the shared schema parsed it; what download answers. */
  body: string;
  /** Bytes of `body` in UTF-8. */
  file_size: number;
  ip: string | null;
}
export type DeviceLogSessionRow = Selectable<DeviceLogSessionsTable>;
export type NewDeviceLogSessionRow = Insertable<DeviceLogSessionsTable>;

/** One reported error of an upload, for counts by type and by day. */
export interface DeviceLogErrorsTable {
  id: Generated<number>;
  session_row_id: number;
  type: string;
  severity: string;
  /** The upload's time: a device's own clock is not trusted for the chart. */
  at: string;
  /** `at` as a date in Japan, YYYY-MM-DD. */
  day: string;
}

export interface DeviceLogTables {
  device_log_sessions: DeviceLogSessionsTable;
  device_log_errors: DeviceLogErrorsTable;
}
