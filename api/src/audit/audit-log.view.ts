import type { AuditLogRowView } from '@clinic/sync-protocol/admin';
import type { AuditLogRow } from '../db/database';
import type { Db } from '../db/dialect';
import { deviceNamesOf } from './device-names.repository';
import { type AuditedRecord, patientsOf } from './patient-records';

/** The parts of a row's detail JSON the log shows; anything else in it is left alone. */
type Detail = { ids: string[] | null; recordCount: number | null; userAgent: string | null; madeAt: string | null };

/** An ISO time, or null: the device's word, so anything else is dropped. */
const isoTime = (value: unknown): string | null =>
  typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? new Date(value).toISOString() : null;

function detailOf(row: AuditLogRow): Detail {
  let detail: unknown = null;
  try {
    detail = row.detail === null ? null : JSON.parse(row.detail);
  } catch {
    // A damaged detail must not hide the row itself.
  }
  if (typeof detail !== 'object' || detail === null)
    return { ids: null, recordCount: null, userAgent: null, madeAt: null };
  const { ids, recordCount, userAgent, madeAt } = detail as Record<string, unknown>;
  return {
    ids: Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : null,
    // A device's export names no ids, only how many rows it wrote.
    recordCount:
      typeof recordCount === 'number' && Number.isSafeInteger(recordCount) && recordCount >= 0 ? recordCount : null,
    userAgent: typeof userAgent === 'string' ? userAgent : null,
    madeAt: isoTime(madeAt),
  };
}

/** The display names of the people rows name, as they are now (a renamed person reads by the new name). */
async function displayNamesOf(db: Db, ids: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'display_name']).where('id', 'in', unique).execute();
  return new Map(rows.flatMap((r) => (r.display_name ? [[r.id, r.display_name] as const] : [])));
}

/**
 * Rows as the access log screen and the CSV show them, each with its patient. A row names one record
 * by entity_id; a read of a list names its records in detail.ids, and counts as that many, with a
 * patient only when the list held one record; the device by the name it gave itself, when it did.
 */
export async function toAuditViews(db: Db, rows: AuditLogRow[]): Promise<AuditLogRowView[]> {
  const parsed = rows.map((row) => {
    const { ids, recordCount: counted, userAgent, madeAt } = detailOf(row);
    const recordId = row.entity_id ?? (ids?.length === 1 ? ids[0] : undefined);
    const record: AuditedRecord | null =
      row.entity !== null && recordId !== undefined ? { entity: row.entity, id: recordId } : null;
    const recordCount = ids !== null ? ids.length : (counted ?? (row.entity_id !== null ? 1 : 0));
    return { row, record, recordCount, userAgent, madeAt };
  });
  const patientOf = await patientsOf(
    db,
    parsed.flatMap((p) => (p.record ? [p.record] : [])),
  );
  const names = await deviceNamesOf(
    db,
    rows.flatMap((row) => (row.client_id ? [row.client_id] : [])),
  );
  const people = await displayNamesOf(
    db,
    rows.flatMap((row) => [row.user_id, row.delivered_by].filter((id): id is string => id !== null)),
  );
  return parsed.map(({ row, record, recordCount, userAgent, madeAt }) => ({
    id: Number(row.id),
    at: row.at,
    userId: row.user_id,
    username: row.username,
    displayName: (row.user_id && people.get(row.user_id)) ?? null,
    deliveredBy:
      row.delivered_by === null
        ? null
        : {
            id: row.delivered_by,
            username: row.delivered_by_name,
            displayName: people.get(row.delivered_by) ?? null,
            sessionId: row.session_id,
          },
    // Shown beside the arrival only when the change was made at another time (sent later).
    madeAt: madeAt !== null && madeAt !== new Date(row.at).toISOString() ? madeAt : null,
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
