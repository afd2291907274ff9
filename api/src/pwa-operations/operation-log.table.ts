import type { Insertable, Selectable } from 'kysely';

/**
 * One PWA operation log entry (spec 3). The device's id is the key, so an entry sent twice is
 * stored once. Booleans are 0/1 and JSON is text, as everywhere in this database.
 */
export interface OperationLogsTable {
  id: string;
  operation: string;
  screen: string;
  /** As the device's clock gave it; never used for filtering (clocks are wrong). */
  client_timestamp: string;
  server_timestamp: string;
  /** The Japan day (YYYY-MM-DD) of server_timestamp: the list's date filter and the analysis' days. */
  server_date: string;
  session_id: string;
  /** JSON text of the batch's device; type, os and browser also have columns for grouping. */
  device: string;
  device_type: string;
  device_os: string;
  device_browser: string;
  /** The e-mail the device claimed (the upload has no login): never a verified user; API name claimedUserEmail. */
  user_email: string;
  has_error: number;
  /** JSON text of { message, stack, code }, or null. */
  error: string | null;
  /** JSON text, cut to OPERATION_LOG_LIMITS.jsonChars (then no longer JSON). */
  data: string | null;
  api_response: string | null;
  /** What apiResponseFacts read from the whole answer before it was cut; 0 when none was sent. */
  api_called: number;
  api_ok: number;
  api_has_data: number;
  api_face_count: number;
  /** Set when a photo came with the entry (its bytes are in operation_log_photos). */
  photo_mime: string | null;
  photo_size: number | null;
}
export type OperationLogRow = Selectable<OperationLogsTable>;
export type NewOperationLogRow = Insertable<OperationLogsTable>;

export interface OperationLogPhotosTable {
  log_id: string;
  mime: string;
  /** Buffer from better-sqlite3 and pg, Uint8Array from PGlite. */
  bytes: Uint8Array;
}
