import {
  OPERATION_LOG_LIMITS,
  type OperationDevice,
  type OperationLogEntry,
  type OperationLogEntryParsed,
  apiResponseFacts,
  jsonAsText,
  operationDeviceSchema,
  operationLogEntrySchema,
} from '@clinic/sync-protocol/admin';
import { japanDay } from '@clinic/sync-protocol/rules';
import type { OperationLogRow } from './operation-log.table';

export const photoPathOf = (id: string) => `/api/pwa-operations/photo/${id}`;

/** An error operation counts as an error even when the device sent no message with it. */
const ERROR_OPERATION = /_(error|failure)$/;

const capped = jsonAsText(OPERATION_LOG_LIMITS.jsonChars);
/**
 * Always JSON text (a string too), so a stored "123" reads back as the string it was; cut when long.
 * A value JSON.stringify cannot write (nested past its stack) is kept as a mark, never a 500: the
 * body bound refuses such a body first, this is the last line.
 */
const cappedJson = (value: unknown): string | null => {
  if (value === undefined) return capped.parse(undefined);
  try {
    return capped.parse(JSON.stringify(value));
  } catch {
    return capped.parse(JSON.stringify(UNWRITABLE));
  }
};
const UNWRITABLE = '（記録できない値）';

/** Stored JSON text as it was sent; a text cut short is no longer JSON and is given as text. */
export function readJson(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export interface Sender {
  sessionId: string;
  device: OperationDevice;
}

/**
 * An entry's row. The API answer's facts are read from the whole answer, before it is cut to size,
 * so a long answer still counts by what it said.
 */
export function toLogRow(
  entry: OperationLogEntryParsed,
  from: Sender,
  now: Date,
  photo: { mime: string; size: number } | null = null,
): OperationLogRow {
  const facts = apiResponseFacts(entry.apiResponse);
  return {
    id: entry.id ?? crypto.randomUUID(),
    operation: entry.operation,
    screen: entry.screen,
    client_timestamp: entry.timestamp,
    server_timestamp: now.toISOString(),
    server_date: japanDay(now),
    session_id: from.sessionId,
    device: JSON.stringify(from.device),
    device_type: from.device.type,
    device_os: from.device.os,
    device_browser: from.device.browser,
    user_email: entry.userEmail,
    has_error: entry.error !== null || ERROR_OPERATION.test(entry.operation) ? 1 : 0,
    error: entry.error === null ? null : JSON.stringify(entry.error),
    data: cappedJson(entry.data),
    api_response: cappedJson(entry.apiResponse),
    api_called: facts ? 1 : 0,
    api_ok: facts?.ok ? 1 : 0,
    api_has_data: facts?.hasData ? 1 : 0,
    api_face_count: facts?.faceCount ?? 0,
    photo_mime: photo?.mime ?? null,
    photo_size: photo?.size ?? null,
  };
}

export function toEntry(row: OperationLogRow): OperationLogEntry {
  return {
    id: row.id,
    operation: row.operation,
    screen: row.screen,
    timestamp: row.client_timestamp,
    serverTimestamp: row.server_timestamp,
    sessionId: row.session_id,
    device: operationDeviceSchema.parse(readJson(row.device)),
    userEmail: row.user_email,
    // Sent without a login: the device's word, never a verified user (operation-log-views.ts).
    userEmailClaimed: true,
    claimedUserEmail: row.user_email,
    photoPath: row.photo_mime === null ? null : photoPathOf(row.id),
    data: readJson(row.data),
    error: operationLogEntrySchema.shape.error.parse(readJson(row.error)),
    apiResponse: readJson(row.api_response),
  };
}
