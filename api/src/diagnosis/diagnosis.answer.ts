import { fromFlag } from '../db/dialect';
import type { PainMarkerRow } from './diagnosis.table';
import { type DiagnosisWithCustomer, toDiagnosis } from './diagnoses.repository';
import { painAverage } from './pain-average';
import { toPainMarker } from './pain-markers.repository';

/** One spot as the spec's `bodyParts` show it; the id is the marker's UUID. */
function bodyPartAnswer(row: PainMarkerRow) {
  const marker = toPainMarker(row);
  return {
    id: marker.id,
    body_part: marker.bodyPart,
    pain_level: marker.painLevel,
    x: marker.x,
    y: marker.y,
    view: marker.view,
    notes: marker.notes,
    region: marker.region,
    number: marker.number,
    resolved: marker.resolved,
  };
}

/**
 * A record as the spec's REST calls answer it, with its customer's name and its live spots (given in
 * the order of their numbers). `avg_pain_level` is over the spots that still hurt (not 消失).
 */
export function diagnosisAnswer(row: DiagnosisWithCustomer, liveMarkers: readonly PainMarkerRow[]) {
  const diagnosis = toDiagnosis(row);
  const bodyParts = liveMarkers.map(bodyPartAnswer);
  const hurting = bodyParts.filter((part) => !part.resolved);
  return {
    id: diagnosis.id,
    customer_id: diagnosis.customerId,
    customer_name: row.customer_name,
    customer_deleted: row.customer_deleted !== null && fromFlag(row.customer_deleted),
    visit_id: diagnosis.visitId,
    general_health: diagnosis.generalHealth,
    notes: diagnosis.notes,
    date: diagnosis.date,
    created_at: diagnosis.createdAt,
    updated_at: diagnosis.updatedAt,
    version: diagnosis.version,
    avg_pain_level: painAverage(
      hurting.reduce((sum, part) => sum + part.pain_level, 0),
      hurting.length,
    ),
    bodyParts,
  };
}
export type DiagnosisAnswer = ReturnType<typeof diagnosisAnswer>;
