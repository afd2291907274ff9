import { changedRows } from '../sync/changed-rows';
import { defineServerEntity } from '../sync/server-entity';
import type { VisitRow } from './visit.table';
import { VISIT_AUDIT_NAME, visitMutators } from './visit.mutators';
import { VISIT_COLUMNS, toVisit } from './visits.repository';

/** Visits as the sync engine and the audit see them. */
export const visitEntity = defineServerEntity<'visits', VisitRow>('visits', {
  auditName: VISIT_AUDIT_NAME,
  columns: VISIT_COLUMNS,
  mutators: visitMutators,
  changedBetween: async (db, after, upTo, limit) => (await changedRows(db, 'visits', after, upTo, limit)).map(toVisit),
});
