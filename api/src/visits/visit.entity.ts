import { defineServerEntity } from '../sync/server-entity';
import type { VisitRow } from './visit.table';
import { VISIT_AUDIT_NAME, visitMutators } from './visit.mutators';
import { VISIT_COLUMNS, toVisit, visitsChangedBetween } from './visits.repository';

/** Visits as the sync engine and the audit see them. */
export const visitEntity = defineServerEntity<'visits', VisitRow>('visits', {
  auditName: VISIT_AUDIT_NAME,
  columns: VISIT_COLUMNS,
  mutators: visitMutators,
  changedBetween: async (db, after, upTo, limit) => (await visitsChangedBetween(db, after, upTo, limit)).map(toVisit),
});
