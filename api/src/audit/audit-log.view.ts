import type { AuditLogRowView } from '@clinic/sync-protocol/admin';
import type { AuditLogRow } from '../db/database';
import type { Db } from '../db/dialect';
import { deviceNamesOf } from './device-names.repository';
import { type AuditedRecord, patientsOf } from './patient-records';

/** The parts of a row's detail JSON the log shows; anything else in it is left alone. */
function detailOf(row: AuditLogRow): { ids: string[] | null; recordCount: number | null; userAgent: string | null } {
  let detail: unknown = null;
  try {
    detail = row.detail === null ? null : JSON.parse(row.detail);
  } catch {
    // A damaged detail must not hide the row itself.
  }
  if (typeof detail !== 'object' || detail === null) return { ids: null, recordCount: null, userAgent: null };
  const { ids, recordCount, userAgent } = detail as { ids?: unknown; recordCount?: unknown; userAgent?: unknown };
  return {
    ids: Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : null,
    // A device's export names no ids, only how many rows it wrote.
    recordCount:
      typeof recordCount === 'number' && Number.isSafeInteger(recordCount) && recordCount >= 0 ? recordCount : null,
    userAgent: typeof userAgent === 'string' ? userAgent : null,
  };
}

/**
 * Rows as the access log screen and the CSV show them, each with its patient. A row names one record
 * by entity_id; a read of a list names its records in detail.ids, and counts as that many, with a
 * patient only when the list held one record; the device by the name it gave itself, when it did.
 */
export async function toAuditViews(db: Db, rows: AuditLogRow[]): Promise<AuditLogRowView[]> {
  const parsed = rows.map((row) => {
    const { ids, recordCount: counted, userAgent } = detailOf(row);
    const recordId = row.entity_id ?? (ids?.length === 1 ? ids[0] : undefined);
    const record: AuditedRecord | null =
      row.entity !== null && recordId !== undefined ? { entity: row.entity, id: recordId } : null;
    const recordCount = ids !== null ? ids.length : (counted ?? (row.entity_id !== null ? 1 : 0));
    return { row, record, recordCount, userAgent };
  });
  const patientOf = await patientsOf(
    db,
    parsed.flatMap((p) => (p.record ? [p.record] : [])),
  );
  const names = await deviceNamesOf(
    db,
    rows.flatMap((row) => (row.client_id ? [row.client_id] : [])),
  );
  return parsed.map(({ row, record, recordCount, userAgent }) => ({
    id: Number(row.id),
    at: row.at,
    userId: row.user_id,
    username: row.username,
    deliveredBy:
      row.delivered_by === null
        ? null
        : { id: row.delivered_by, username: row.delivered_by_name, sessionId: row.session_id },
    action: row.action,
    entity: row.entity,
    entityId: row.entity_id,
    customer: record ? patientOf(record) : null,
    recordCount,
    clientId: row.client_id,
    deviceName: (row.client_id && names.get(row.client_id)) ?? null,
    ip: row.ip,
    userAgent,
  }));
}
