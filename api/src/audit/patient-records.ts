import type { AuditLogRowView } from '@clinic/sync-protocol/admin';
import type { ExpressionBuilder, SelectQueryBuilder } from 'kysely';
import type { Database } from '../db/database';
import type { Db } from '../db/dialect';

/*
 * Which audited records belong to which patient. The entity names are the domains' audit names
 * (CUSTOMER_AUDIT_NAME and the rest), written out rather than imported: those modules write audit
 * rows through this folder, and importing them back would be a cycle. A test checks they agree.
 */
export const CUSTOMER_ENTITY = 'customer';
/** Records with a customer_id column of their own. */
export const CUSTOMER_OWNED = {
  visit: 'visits',
  survey: 'surveys',
  diagnosis: 'diagnoses',
  media: 'media',
  faceAnalysis: 'face_analyses',
  appointment: 'appointments',
} as const;
/** A pain marker belongs to a patient through its diagnosis. */
export const PAIN_MARKER_ENTITY = 'painMarker';

type OwnedEntity = keyof typeof CUSTOMER_OWNED;
type Patient = NonNullable<AuditLogRowView['customer']>;

const isOwned = (entity: string): entity is OwnedEntity => Object.hasOwn(CUSTOMER_OWNED, entity);
/** Bound parameters per `in (...)`: well below SQLite's and PostgreSQL's limits. */
const CHUNK = 500;

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/** An audit row about the customer or about one of the customer's records (visits, surveys, …). */
export function aboutCustomer(eb: ExpressionBuilder<Database, 'audit_log'>, customerId: string) {
  // Spelt out per table: qualified columns keep each subquery's `id` from meaning audit_log's.
  const ofRecords = <T extends keyof Database>(
    entity: OwnedEntity | typeof PAIN_MARKER_ENTITY,
    ids: SelectQueryBuilder<Database, T, { id: string }>,
  ) => eb.and([eb('entity', '=', entity), eb('entity_id', 'in', ids)]);
  return eb.or([
    eb.and([eb('entity', '=', CUSTOMER_ENTITY), eb('entity_id', '=', customerId)]),
    ofRecords('visit', eb.selectFrom('visits').select('visits.id').where('visits.customer_id', '=', customerId)),
    ofRecords('survey', eb.selectFrom('surveys').select('surveys.id').where('surveys.customer_id', '=', customerId)),
    ofRecords(
      'diagnosis',
      eb.selectFrom('diagnoses').select('diagnoses.id').where('diagnoses.customer_id', '=', customerId),
    ),
    ofRecords('media', eb.selectFrom('media').select('media.id').where('media.customer_id', '=', customerId)),
    ofRecords(
      'faceAnalysis',
      eb.selectFrom('face_analyses').select('face_analyses.id').where('face_analyses.customer_id', '=', customerId),
    ),
    ofRecords(
      'appointment',
      eb.selectFrom('appointments').select('appointments.id').where('appointments.customer_id', '=', customerId),
    ),
    ofRecords(
      PAIN_MARKER_ENTITY,
      eb
        .selectFrom('pain_markers')
        .innerJoin('diagnoses', 'diagnoses.id', 'pain_markers.diagnosis_id')
        .select('pain_markers.id')
        .where('diagnoses.customer_id', '=', customerId),
    ),
  ]);
}

/** The record one audit row is about, for finding its patient. */
export interface AuditedRecord {
  entity: string;
  id: string;
}

const key = (record: AuditedRecord) => `${record.entity}\u0000${record.id}`;

/**
 * The patient of each record, in a few batched queries (one per kind of record and one for the
 * customers), never one per row. Deleted customers are named too: the log outlives them.
 */
export async function patientsOf(db: Db, records: AuditedRecord[]): Promise<(record: AuditedRecord) => Patient | null> {
  const ownerOf = new Map<string, string>();
  const idsBy = new Map<string, Set<string>>();
  for (const record of records) idsBy.set(record.entity, (idsBy.get(record.entity) ?? new Set()).add(record.id));

  for (const [entity, idSet] of idsBy) {
    for (const ids of chunks([...idSet])) {
      let owners: { id: string; customer_id: string }[] = [];
      if (entity === CUSTOMER_ENTITY) owners = ids.map((id) => ({ id, customer_id: id }));
      else if (isOwned(entity))
        owners = await db
          .selectFrom(CUSTOMER_OWNED[entity])
          .select(['id', 'customer_id'])
          .where('id', 'in', ids)
          .execute();
      else if (entity === PAIN_MARKER_ENTITY) {
        owners = await db
          .selectFrom('pain_markers')
          .innerJoin('diagnoses', 'diagnoses.id', 'pain_markers.diagnosis_id')
          .select(['pain_markers.id', 'diagnoses.customer_id'])
          .where('pain_markers.id', 'in', ids)
          .execute();
      }
      for (const owner of owners) ownerOf.set(key({ entity, id: owner.id }), owner.customer_id);
    }
  }

  const patients = new Map<string, Patient>();
  for (const ids of chunks([...new Set(ownerOf.values())])) {
    const rows = await db
      .selectFrom('customers')
      .select(['id', 'name', 'chart_number'])
      .where('id', 'in', ids)
      .execute();
    for (const row of rows)
      patients.set(row.id, {
        id: row.id,
        name: row.name,
        chartNumber: row.chart_number === null ? null : Number(row.chart_number),
      });
  }
  return (record) => patients.get(ownerOf.get(key(record)) ?? '') ?? null;
}
