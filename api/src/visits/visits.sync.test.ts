import type { SurveySubmitArgs, VisitCreateArgs, VisitFields, WireMutation } from '@clinic/sync-protocol';
import { expect, it } from 'vitest';
import { listAudit } from '../audit/audit.repository';
import { REJECTION_MESSAGES } from '../sync/mutator-context';
import { CLIENT_TIME, makeCreate, makeDelete, pull, pullRaw, pushOk, tokenOf } from '../sync/sync-test-helpers';
import { call, describeEachDatabase } from '../test/harness';

const PRE = { pain_level: 3, pain_areas: ['首', '肩'], sleep_quality: 'fair', stress_level: 6 };

const visitCreate = (
  id: number,
  args: Partial<VisitCreateArgs> & { id: string; customerId: string },
): WireMutation => ({
  id,
  name: 'visit.create',
  clientTime: CLIENT_TIME,
  args: { date: '2026-11-22', ...args },
});
const visitUpdate = (
  id: number,
  visitId: string,
  patch: Partial<VisitFields>,
  base: Partial<VisitFields> = {},
): WireMutation => ({
  id,
  name: 'visit.update',
  clientTime: CLIENT_TIME,
  args: { id: visitId, patch, base },
});
const visitDelete = (id: number, visitId: string): WireMutation => ({
  id,
  name: 'visit.delete',
  clientTime: CLIENT_TIME,
  args: { id: visitId },
});
const surveySubmit = (
  id: number,
  args: Partial<SurveySubmitArgs> & { id: string; customerId: string },
): WireMutation => ({
  id,
  name: 'survey.submit',
  clientTime: CLIENT_TIME,
  args: { type: 'pre', answers: PRE, ...args },
});
const surveyUpdate = (id: number, surveyId: string, patch: object, base: object = {}): WireMutation => ({
  id,
  name: 'survey.update',
  clientTime: CLIENT_TIME,
  args: { id: surveyId, patch, base },
});

describeEachDatabase('sync of visits and surveys', (getCtx) => {
  /** The admin's device has registered one customer; the staff has a device of their own. */
  async function setup() {
    const { app, staff } = getCtx();
    const admin = { token: await tokenOf(app, getCtx().admin), clientId: crypto.randomUUID(), next: 1 };
    const other = { token: await tokenOf(app, staff), clientId: crypto.randomUUID(), next: 1 };
    const customerId = crypto.randomUUID();
    await pushOk(app, admin.token, admin.clientId, [makeCreate(admin.next++, { id: customerId })]);
    return { app, db: getCtx().db, admin, other, customerId };
  }
  const rejectionsOf = async (device: { token: string; clientId: string }) =>
    (await pull(getCtx().app, device.token, device.clientId)).rejections.map((r) => [r.mutationId, r.reason]);

  it('sends pushed visits and surveys in a pull, in the shared schemas’ shape, and audits the reads', async () => {
    const { app, db, admin, customerId } = await setup();
    const [visitId, surveyId] = [crypto.randomUUID(), crypto.randomUUID()];
    await pushOk(app, admin.token, admin.clientId, [
      visitCreate(2, {
        id: visitId,
        customerId,
        date: '２０２６-１１-２２',
        serviceMenu: '鍼灸',
        price: '3,000',
        staffName: '',
      }),
      surveySubmit(3, { id: surveyId, customerId, visitId, answers: { ...PRE, expectations: ' 肩を楽に ' } }),
    ]);

    const res = await pullRaw(app, admin.token, admin.clientId, 0);
    const meta = {
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      updatedBy: 'admin',
      version: expect.any(Number),
      deleted: false,
    };
    expect(res.body.data.changes.visits).toEqual([
      {
        id: visitId,
        customerId,
        date: '2026-11-22',
        serviceMenu: '鍼灸',
        price: 3000,
        staffName: 'admin',
        notes: '',
        ...meta,
      },
    ]);
    expect(res.body.data.changes.surveys).toEqual([
      { id: surveyId, customerId, visitId, type: 'pre', answers: { ...PRE, expectations: '肩を楽に' }, ...meta },
    ]);
    // The shared schemas, as the web parses a pull, take it.
    const parsed = await pull(app, admin.token, admin.clientId, 0);
    expect([parsed.changes.visits.length, parsed.changes.surveys.length, parsed.rejections]).toEqual([1, 1, []]);
    const { cookie } = parsed;
    expect(parsed.changes.visits[0]!.version).toBeLessThan(parsed.changes.surveys[0]!.version);
    expect(cookie).toBe(parsed.changes.surveys[0]!.version);

    for (const [entity, id] of [
      ['visit', visitId],
      ['survey', surveyId],
    ] as const) {
      // The device's sync, never a person's read (issue 34); the REST reads stay reads.
      const synced = (await listAudit(db, { action: 'sync.pull' })).filter((r) => r.entity === entity);
      expect(synced).toHaveLength(2);
      expect(synced[0]).toMatchObject({ entity, entity_id: id, client_id: admin.clientId, username: 'admin' });
      expect(JSON.parse(synced[0]!.detail!)).toEqual({ via: 'sync.pull', ids: [id] });
      expect(
        (await listAudit(db, { action: `${entity}.read` })).every((r) => JSON.parse(r.detail!).via !== 'sync.pull'),
      ).toBe(true);
    }
    expect((await pull(app, admin.token, admin.clientId, cookie)).changes).toEqual({
      customers: [],
      visits: [],
      surveys: [],
      diagnoses: [],
      painMarkers: [],
      media: [],
      faceAnalyses: [],
      appointments: [],
    });
  });

  it('logs the overwritten value as a conflict when an update was based on a value changed meanwhile', async () => {
    const { app, admin, other, customerId } = await setup();
    const [visitId, surveyId] = [crypto.randomUUID(), crypto.randomUUID()];
    await pushOk(app, admin.token, admin.clientId, [
      visitCreate(admin.next++, { id: visitId, customerId }),
      surveySubmit(admin.next++, { id: surveyId, customerId }),
    ]);
    await pushOk(app, admin.token, admin.clientId, [
      visitUpdate(admin.next++, visitId, { notes: '管理者のメモ' }, { notes: '' }),
      surveyUpdate(admin.next++, surveyId, { answers: { ...PRE, pain_level: 4 } }, { answers: PRE }),
    ]);
    // The staff's device still holds the old values. Answers equal to the stored ones in another key
    // order are no change, so they log nothing whatever their base.
    const reordered = { stress_level: 6, sleep_quality: 'fair', pain_areas: ['首', '肩'], pain_level: 5 };
    await pushOk(app, other.token, other.clientId, [
      visitUpdate(other.next++, visitId, { notes: 'スタッフのメモ', price: 5000 }, { notes: '', price: null }),
      surveyUpdate(other.next++, surveyId, { answers: { ...PRE, pain_level: 5 } }, { answers: PRE }),
      surveyUpdate(other.next++, surveyId, { answers: reordered, visitId }, { answers: PRE, visitId: null }),
    ]);

    const { changes, conflicts, rejections } = await pull(app, other.token, other.clientId);
    expect(rejections).toEqual([]);
    expect(changes.visits[0]).toMatchObject({ notes: 'スタッフのメモ', price: 5000, updatedBy: 'staff1' });
    expect(changes.surveys[0]).toMatchObject({ visitId, answers: { ...PRE, pain_level: 5 } });
    expect(conflicts.map(({ id: _id, at: _at, ...c }) => c)).toEqual([
      {
        table: 'visits',
        recordId: visitId,
        field: 'notes',
        overwritten: '管理者のメモ',
        value: 'スタッフのメモ',
        by: 'staff1',
        overwrittenBy: 'admin',
      },
      {
        table: 'surveys',
        recordId: surveyId,
        field: 'answers',
        overwritten: { ...PRE, pain_level: 4 },
        value: { ...PRE, pain_level: 5 },
        by: 'staff1',
        overwrittenBy: 'admin',
      },
    ]);
    // The record's REST view shows it too.
    const shown = await call(app, 'GET', `/api/visits/${visitId}`, { token: admin.token });
    expect(shown.body.data.conflicts).toEqual([
      expect.objectContaining({ field: 'notes', overwritten: '管理者のメモ' }),
    ]);
  });

  it('rejects an update or delete of a visit deleted elsewhere, and of one that never existed', async () => {
    const { app, db, admin, other, customerId } = await setup();
    const visitId = crypto.randomUUID();
    await pushOk(app, admin.token, admin.clientId, [
      visitCreate(admin.next++, { id: visitId, customerId }),
      visitDelete(admin.next++, visitId),
    ]);
    const deleted = await db.selectFrom('visits').selectAll().where('id', '=', visitId).executeTakeFirstOrThrow();
    await pushOk(app, other.token, other.clientId, [
      visitUpdate(1, visitId, { notes: '追記' }, { notes: '' }),
      visitDelete(2, visitId),
      visitUpdate(3, crypto.randomUUID(), { notes: '追記' }),
    ]);
    expect(await rejectionsOf(other)).toEqual([
      [1, REJECTION_MESSAGES.deletedElsewhere],
      [2, REJECTION_MESSAGES.deletedElsewhere],
      [3, '来院記録が見つかりません'],
    ]);
    expect(await db.selectFrom('visits').selectAll().where('id', '=', visitId).executeTakeFirstOrThrow()).toEqual(
      deleted,
    );
    const pulled = await pull(app, other.token, other.clientId);
    expect(pulled.changes.visits.map((v) => [v.id, v.deleted])).toEqual([[visitId, true]]);
  });

  it('rejects a visit for an unknown customer, and keeps one for a customer deleted on another device', async () => {
    const { app, db, admin, other, customerId } = await setup();
    const [lost, kept] = [crypto.randomUUID(), crypto.randomUUID()];
    await pushOk(app, admin.token, admin.clientId, [makeDelete(admin.next++, customerId)]);
    // The staff's device did not know of the delete when the visit was entered.
    await pushOk(app, other.token, other.clientId, [
      visitCreate(1, { id: lost, customerId: crypto.randomUUID() }),
      visitCreate(2, { id: kept, customerId, notes: '施術済み' }),
    ]);
    expect(await rejectionsOf(other)).toEqual([[1, '顧客が見つかりません']]);
    expect((await db.selectFrom('visits').select('id').execute()).map((r) => r.id)).toEqual([kept]);
    const shown = await call(app, 'GET', `/api/visits/${kept}`, { token: admin.token });
    expect(shown.body.data).toMatchObject({
      customer_id: customerId,
      customer_name: '山田 花子',
      customer_deleted: true,
      notes: '施術済み',
    });

    // Moving a visit to another customer needs that customer to exist too.
    await pushOk(app, other.token, other.clientId, [
      visitUpdate(3, kept, { customerId: crypto.randomUUID() }, { customerId }),
    ]);
    expect((await rejectionsOf(other)).at(-1)).toEqual([3, '顧客が見つかりません']);
  });

  it('rejects survey answers that do not fit the questions with their message, storing nothing', async () => {
    const { app, db, admin, customerId } = await setup();
    const [bad, good] = [crypto.randomUUID(), crypto.randomUUID()];
    const otherCustomer = crypto.randomUUID();
    const otherVisit = crypto.randomUUID();
    await pushOk(app, admin.token, admin.clientId, [
      surveySubmit(2, { id: bad, customerId, answers: { ...PRE, pain_level: 7 } }),
      surveySubmit(3, { id: crypto.randomUUID(), customerId, answers: { ...PRE, pain_areas: ['背中'] } }),
      surveySubmit(4, { id: good, customerId }),
      surveyUpdate(5, good, { answers: { ...PRE, stress_level: 11 } }, { answers: PRE }),
      makeCreate(6, { id: otherCustomer, name: '佐藤 次郎' }),
      visitCreate(7, { id: otherVisit, customerId: otherCustomer }),
      surveySubmit(8, { id: crypto.randomUUID(), customerId, visitId: otherVisit }),
      surveyUpdate(9, good, { visitId: otherVisit }, { visitId: null }),
      surveyUpdate(10, crypto.randomUUID(), { visitId: null }),
    ]);
    expect(await rejectionsOf(admin)).toEqual([
      [2, '「痛みの強さ」は星1つから5つで答えてください'],
      [3, '「痛む部位」の選択肢にない回答です（背中）'],
      [5, '「ストレス」は0から10の数で答えてください'],
      [8, '選択した来院記録はこの顧客のものではありません'],
      [9, '選択した来院記録はこの顧客のものではありません'],
      [10, 'アンケートが見つかりません'],
    ]);
    const stored = await db.selectFrom('surveys').selectAll().execute();
    expect(stored.map((s) => [s.id, s.visit_id, JSON.parse(s.answers)])).toEqual([[good, null, PRE]]);
  });

  it('audits every change with the mutation and device that made it', async () => {
    const { app, db, admin, customerId } = await setup();
    const [visitId, surveyId] = [crypto.randomUUID(), crypto.randomUUID()];
    await pushOk(app, admin.token, admin.clientId, [
      visitCreate(2, { id: visitId, customerId }),
      surveySubmit(3, { id: surveyId, customerId, visitId }),
      visitUpdate(4, visitId, { serviceMenu: '鍼灸', price: 4000 }, { serviceMenu: '', price: null }),
      surveyUpdate(5, surveyId, { answers: { ...PRE, pain_level: 2 } }, { answers: PRE }),
      visitDelete(6, visitId),
    ]);
    const changes = (await listAudit(db)).filter((r) => r.entity === 'visit' || r.entity === 'survey');
    expect(changes.map((r) => [r.action, r.entity, r.entity_id, r.client_id, r.username])).toEqual([
      ['visit.create', 'visit', visitId, admin.clientId, 'admin'],
      ['survey.submit', 'survey', surveyId, admin.clientId, 'admin'],
      ['visit.update', 'visit', visitId, admin.clientId, 'admin'],
      ['survey.update', 'survey', surveyId, admin.clientId, 'admin'],
      ['visit.delete', 'visit', visitId, admin.clientId, 'admin'],
    ]);
    expect(changes.map((r) => JSON.parse(r.detail!))).toEqual([
      { customerId, mutationId: 2, madeAt: expect.any(String) },
      { customerId, type: 'pre', mutationId: 3, madeAt: expect.any(String) },
      { fields: ['serviceMenu', 'price'], mutationId: 4, madeAt: expect.any(String) },
      { fields: ['answers'], mutationId: 5, madeAt: expect.any(String) },
      { mutationId: 6, madeAt: expect.any(String) },
    ]);
  });

  it('shows REST changes in a pull and pushed records over REST, each REST read audited', async () => {
    const { app, db, admin, other, customerId } = await setup();
    const visitId = crypto.randomUUID();
    await pushOk(app, other.token, other.clientId, [visitCreate(1, { id: visitId, customerId, serviceMenu: '整体' })]);
    const { cookie } = await pull(app, other.token, other.clientId);

    const viaRest = await call(app, 'GET', `/api/visits/${visitId}`, { token: admin.token });
    expect(viaRest.body.data).toMatchObject({ id: visitId, service_menu: '整体', staff_name: 'staff1' });
    await call(app, 'PUT', `/api/visits/${visitId}`, { token: admin.token, body: { price: 6000 } });
    const survey = await call(app, 'POST', '/api/surveys', {
      token: admin.token,
      body: { customer_id: customerId, type: 'pre', visit_id: visitId, answers: PRE },
    });
    await call(app, 'GET', `/api/surveys/${survey.body.data.id as string}`, { token: admin.token });

    const later = await pull(app, other.token, other.clientId, cookie);
    expect(later.changes.visits.map((v) => [v.id, v.price])).toEqual([[visitId, 6000]]);
    expect(later.changes.surveys.map((s) => [s.id, s.visitId, s.updatedBy])).toEqual([
      [survey.body.data.id, visitId, 'admin'],
    ]);
    const actions = (await listAudit(db))
      .filter((r) => r.entity === 'visit' || r.entity === 'survey')
      .map((r) => [r.action, JSON.parse(r.detail!).via ?? null]);
    expect(actions).toEqual([
      ['visit.create', null],
      ['sync.pull', 'sync.pull'],
      ['visit.read', 'GET /api/visits/:id'],
      ['visit.update', null],
      ['survey.submit', null],
      ['survey.read', 'GET /api/surveys/:id'],
      ['sync.pull', 'sync.pull'],
      ['sync.pull', 'sync.pull'],
    ]);
  });
});
