import { DIAGNOSIS_FIELDS, diffFields, todayInJapan } from '@clinic/sync-protocol';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { recordRead } from '../audit/audit.repository';
import { CUSTOMER_REJECTIONS } from '../customers/customer.mutators';
import { findCustomer } from '../customers/customers.repository';
import type { Db } from '../db/dialect';
import type { Ctx } from '../deps';
import type { AppEnv } from '../http/app-env';
import { requireAuth } from '../http/auth-middleware';
import { ApiError, ok } from '../http/envelope';
import { limitParam } from '../http/limit-param';
import { requestInfo } from '../http/request-info';
import { jsonBody, queryParams } from '../http/validate';
import { type MutatorContext, liveRecord } from '../sync/mutator-context';
import { conflictsOfRecord } from '../sync/problems.repository';
import { runMutation } from '../sync/run-mutation';
import { diagnosisStats, painAreas } from './diagnosis-stats.repository';
import { diagnosisAnswer } from './diagnosis.answer';
import { DIAGNOSIS_AUDIT_NAME, DIAGNOSIS_REJECTIONS, diagnosisMutators } from './diagnosis.mutators';
import { type BodyPart, createBody, updateBody } from './diagnosis.payload';
import type { PainMarkerRow } from './diagnosis.table';
import {
  type DiagnosisWithCustomer,
  findDiagnosis,
  findLiveDiagnosisWithCustomer,
  listDiagnoses,
  toDiagnosis,
} from './diagnoses.repository';
import { planMarkers } from './marker-plan';
import { painMarkerMutators } from './pain-marker.mutators';
import { liveMarkersOf, toPainMarker } from './pain-markers.repository';

const QUERY_MESSAGE = '検索条件が正しくありません';
const listQuery = z.object({ limit: limitParam(50) });
const customerQuery = z.object({ limit: limitParam(1000) });

/** Records as answered, each with its live spots, read in one query for the whole list. */
async function answersOf(db: Db, rows: readonly DiagnosisWithCustomer[]) {
  const byRecord = new Map<string, PainMarkerRow[]>(rows.map((r) => [r.id, []]));
  for (const marker of await liveMarkersOf(
    db,
    rows.map((r) => r.id),
  ))
    byRecord.get(marker.diagnosis_id)?.push(marker);
  return rows.map((row) => diagnosisAnswer(row, byRecord.get(row.id) ?? []));
}

/** A live record as answered; after a change, read in the change's transaction. */
async function answerOf(db: Db, id: string) {
  const row = await findLiveDiagnosisWithCustomer(db, id);
  if (!row) throw new ApiError(404, 'NOT_FOUND', DIAGNOSIS_REJECTIONS.notFound);
  return diagnosisAnswer(row, await liveMarkersOf(db, [row.id]));
}

/** Turns the body's list of spots into marker mutations against the record's live markers. */
async function applyBodyParts(m: MutatorContext, diagnosisId: string, parts: readonly BodyPart[]) {
  const live = (await liveMarkersOf(m.trx, [diagnosisId])).map(toPainMarker);
  const plan = planMarkers(diagnosisId, live, parts);
  for (const id of plan.deletes) await painMarkerMutators['painMarker.delete'](m, { id });
  for (const args of plan.updates) await painMarkerMutators['painMarker.update'](m, args);
  for (const args of plan.creates) await painMarkerMutators['painMarker.create'](m, args);
}

/**
 * The spec's REST diagnosis calls, in its names and nested shape. A record and its spots are saved
 * through the same server mutators as sync pushes, all of one call in one transaction (all or
 * nothing); every read of records and every change is audited.
 */
export function diagnosisRoutes(ctx: Ctx) {
  const app = new Hono<AppEnv>();
  app.use('*', requireAuth(ctx));
  const caller = (c: Context<AppEnv>) => ({
    user: c.var.auth.user,
    ip: requestInfo(c).ip,
    clientId: requestInfo(c).clientId,
  });
  const auditRead = (c: Context<AppEnv>, ids: string[], via: string) =>
    recordRead(ctx.db, { ...caller(c), entity: DIAGNOSIS_AUDIT_NAME, ids, via });
  const today = () => todayInJapan(ctx.now());

  app.get('/', queryParams(listQuery, QUERY_MESSAGE), async (c) => {
    const rows = await listDiagnoses(ctx.db, c.req.valid('query'));
    await auditRead(
      c,
      rows.map((r) => r.id),
      'GET /api/diagnosis',
    );
    return ok(c, await answersOf(ctx.db, rows));
  });

  // Counts only, naming no patient: not a read of records (as the visits' summary).
  app.get('/stats/summary', async (c) => ok(c, await diagnosisStats(ctx.db, today().slice(0, 7))));

  // A deleted customer's records are still listed: they are the clinical history.
  app.get('/customer/:customerId', queryParams(customerQuery, QUERY_MESSAGE), async (c) => {
    const customerId = c.req.param('customerId');
    if (!(await findCustomer(ctx.db, customerId))) throw new ApiError(404, 'NOT_FOUND', CUSTOMER_REJECTIONS.notFound);
    const rows = await listDiagnoses(ctx.db, { customerId, limit: c.req.valid('query').limit });
    await auditRead(
      c,
      rows.map((r) => r.id),
      'GET /api/diagnosis/customer/:customerId',
    );
    return ok(c, { diagnosisList: await answersOf(ctx.db, rows), ...(await painAreas(ctx.db, customerId)) });
  });

  app.get('/:id', async (c) => {
    const diagnosis = await answerOf(ctx.db, c.req.param('id'));
    await auditRead(c, [diagnosis.id], 'GET /api/diagnosis/:id');
    // The record's conflicts and its spots', newest first.
    const logs = await Promise.all(
      [diagnosis.id, ...diagnosis.bodyParts.map((p) => p.id)].map((id) => conflictsOfRecord(ctx.db, id)),
    );
    return ok(c, { ...diagnosis, conflicts: logs.flat().sort((a, b) => b.id - a.id) });
  });

  app.post('/', jsonBody(createBody(today)), async (c) => {
    const { bodyParts, ...args } = c.req.valid('json');
    const diagnosis = await runMutation(ctx.db, caller(c), ctx.now, async (m) => {
      await diagnosisMutators['diagnosis.create'](m, args);
      await applyBodyParts(m, args.id, bodyParts);
      return answerOf(m.trx, args.id);
    });
    return ok(c, diagnosis, 201);
  });

  app.put('/:id', jsonBody(updateBody), async (c) => {
    const id = c.req.param('id');
    const { bodyParts, ...fields } = c.req.valid('json');
    const diagnosis = await runMutation(ctx.db, caller(c), ctx.now, async (m) => {
      const current = liveRecord(await findDiagnosis(m.trx, id), DIAGNOSIS_REJECTIONS.notFound);
      // A REST edit is based on what the server holds now: only the fields it changes are sent on.
      const { patch, changed } = diffFields(DIAGNOSIS_FIELDS, toDiagnosis(current), fields);
      if (changed) await diagnosisMutators['diagnosis.update'](m, { id, patch, base: {} });
      if (bodyParts !== undefined) await applyBodyParts(m, id, bodyParts);
      return answerOf(m.trx, id);
    });
    return ok(c, diagnosis);
  });

  app.delete('/:id', async (c) => {
    const id = c.req.param('id');
    await runMutation(ctx.db, caller(c), ctx.now, (m) => diagnosisMutators['diagnosis.delete'](m, { id }));
    return ok(c, { id });
  });

  return app;
}
