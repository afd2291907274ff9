import type { World } from './world';

/** The server's visits, surveys, diagnoses and pain markers, as the devices hold them, to compare with theirs. */
export async function serverRecords(world: World) {
  const serverVisits = (await world.db.selectFrom('visits').selectAll().orderBy('id').execute()).map((r) => ({
    id: r.id,
    customerId: r.customer_id,
    date: r.date,
    serviceMenu: r.service_menu,
    price: r.price === null ? null : Number(r.price),
    staffName: r.staff_name,
    notes: r.notes,
    version: Number(r.version),
    updatedBy: r.updated_by,
    deleted: Boolean(Number(r.deleted)),
  }));
  const serverSurveys = (await world.db.selectFrom('surveys').selectAll().orderBy('id').execute()).map((r) => ({
    id: r.id,
    customerId: r.customer_id,
    type: r.type,
    answers: JSON.parse(r.answers) as Record<string, unknown>,
    version: Number(r.version),
    updatedBy: r.updated_by,
    deleted: Boolean(Number(r.deleted)),
  }));
  const serverDiagnoses = (await world.db.selectFrom('diagnoses').selectAll().orderBy('id').execute()).map((r) => ({
    id: r.id,
    customerId: r.customer_id,
    date: r.date,
    notes: r.notes,
    version: Number(r.version),
    updatedBy: r.updated_by,
    deleted: Boolean(Number(r.deleted)),
  }));
  const serverMarkers = (await world.db.selectFrom('pain_markers').selectAll().orderBy('id').execute()).map((r) => ({
    id: r.id,
    diagnosisId: r.diagnosis_id,
    number: Number(r.number),
    view: r.view,
    x: Number(r.x),
    y: Number(r.y),
    painLevel: Number(r.pain_level),
    resolved: Boolean(Number(r.resolved)),
    version: Number(r.version),
    updatedBy: r.updated_by,
    deleted: Boolean(Number(r.deleted)),
  }));
  return { serverVisits, serverSurveys, serverDiagnoses, serverMarkers };
}
