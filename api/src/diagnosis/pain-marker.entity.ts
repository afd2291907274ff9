import { changedRows } from '../sync/changed-rows';
import { defineServerEntity } from '../sync/server-entity';
import type { PainMarkerRow } from './diagnosis.table';
import { PAIN_MARKER_AUDIT_NAME, painMarkerMutators } from './pain-marker.mutators';
import { PAIN_MARKER_COLUMNS, toPainMarker } from './pain-markers.repository';

/** Pain markers as the sync engine and the audit see them (their SQL table is `pain_markers`). */
export const painMarkerEntity = defineServerEntity<'painMarkers', PainMarkerRow>('painMarkers', {
  auditName: PAIN_MARKER_AUDIT_NAME,
  columns: PAIN_MARKER_COLUMNS,
  mutators: painMarkerMutators,
  changedBetween: async (db, after, upTo, limit) =>
    (await changedRows(db, 'pain_markers', after, upTo, limit)).map(toPainMarker),
});
