import { SURVEY_MESSAGES } from '@clinic/sync-protocol';
import { afterEach, expect, it, vi } from 'vitest';
import { listAudit } from '../audit/audit.repository';
import { tokenOf } from '../sync/sync-test-helpers';
import { MINUTE, advance, call, describeEachDatabase, failure, useFakeDate } from '../test/harness';

const invalid = (message: string) => failure('VALIDATION_ERROR', message);
const PRE = {
  pain_level: 3,
  pain_areas: ['首', '肩'],
  sleep_quality: 'fair',
  stress_level: 6,
  expectations: '  肩を楽にしたい ',
};
const POST = {
  pain_improvement: 4,
  satisfaction: 9,
  comfort: 'comfortable',
  side_effects: 'none',
  recommend: 'definitely',
  comments: '',
};

type SurveyAnswer = {
  id: string;
  customer_id: string;
  visit_id: string | null;
  type: string;
  answers: Record<string, unknown>;
};

describeEachDatabase('surveys REST', (getCtx) => {
  const adminToken = () => tokenOf(getCtx().app, getCtx().admin);
  const count = async () => (await getCtx().db.selectFrom('surveys').select('id').execute()).length;

  async function customer(token: string, name = '山田 花子') {
    const res = await call(getCtx().app, 'POST', '/api/customers', { token, body: { name, phone: '090-1234-5678' } });
    return res.body.data.id as string;
  }

  async function visitOf(token: string, customerId: string) {
    const res = await call(getCtx().app, 'POST', '/api/visits', {
      token,
      body: { customer_id: customerId, date: '2026-11-22' },
    });
    return res.body.data.id as string;
  }

  async function submit(token: string, body: object) {
    const res = await call(getCtx().app, 'POST', '/api/surveys', { token, body });
    expect(res.body.error).toBeNull();
    expect(res.status).toBe(201);
    return res.body.data as SurveyAnswer;
  }

  afterEach(() => {
    vi.useRealTimers();
  });

  it('stores a pre survey with 201, answers trimmed, in the spec’s names, and audits it', async () => {
    const { app, db, admin } = getCtx();
    useFakeDate('2026-11-22T09:00:00.000Z');
    const token = await adminToken();
    const customerId = await customer(token);
    const id = crypto.randomUUID();
    const res = await call(app, 'POST', '/api/surveys', {
      token,
      body: { id, customer_id: customerId, type: 'pre', answers: PRE },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({
      id,
      customer_id: customerId,
      customer_name: '山田 花子',
      customer_deleted: false,
      visit_id: null,
      type: 'pre',
      answers: { ...PRE, expectations: '肩を楽にしたい' },
      created_at: '2026-11-22T09:00:00.000Z',
      updated_at: '2026-11-22T09:00:00.000Z',
      version: expect.any(Number),
    });
    const stored = await db.selectFrom('surveys').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(JSON.parse(stored.answers)).toEqual({ ...PRE, expectations: '肩を楽にしたい' });
    expect(stored).toMatchObject({ type: 'pre', updated_by: 'admin', visit_id: null });
    const [entry] = await listAudit(db, { entityId: id });
    expect(entry).toMatchObject({ action: 'survey.submit', entity: 'survey', user_id: admin.id });
  });

  it('links a post survey to a visit of the same customer only', async () => {
    const { app } = getCtx();
    const token = await adminToken();
    const [hanako, jiro] = [await customer(token), await customer(token, '佐藤 次郎')];
    const visitId = await visitOf(token, hanako);
    const linked = await submit(token, { customer_id: hanako, type: 'post', visit_id: visitId, answers: POST });
    // A blank optional answer is dropped, not stored.
    expect(linked).toMatchObject({
      visit_id: visitId,
      type: 'post',
      answers: {
        pain_improvement: 4,
        satisfaction: 9,
        comfort: 'comfortable',
        side_effects: 'none',
        recommend: 'definitely',
      },
    });
    expect(linked.answers).not.toHaveProperty('comments');

    const other = await call(app, 'POST', '/api/surveys', {
      token,
      body: { customer_id: jiro, type: 'post', visit_id: visitId, answers: POST },
    });
    expect([other.status, other.body]).toEqual([400, invalid('選択した来院記録はこの顧客のものではありません')]);
    const unknownVisit = await call(app, 'POST', '/api/surveys', {
      token,
      body: { customer_id: hanako, type: 'post', visit_id: crypto.randomUUID(), answers: POST },
    });
    expect([unknownVisit.status, unknownVisit.body]).toEqual([404, failure('NOT_FOUND', '来院記録が見つかりません')]);
    const unknownCustomer = await call(app, 'POST', '/api/surveys', {
      token,
      body: { customer_id: crypto.randomUUID(), type: 'pre', answers: PRE },
    });
    expect([unknownCustomer.status, unknownCustomer.body]).toEqual([404, failure('NOT_FOUND', '顧客が見つかりません')]);
    const again = await call(app, 'POST', '/api/surveys', {
      token,
      body: { id: linked.id, customer_id: hanako, type: 'pre', answers: PRE },
    });
    expect([again.status, again.body]).toEqual([409, failure('CONFLICT', 'このアンケートは既に登録されています')]);
    expect(await count()).toBe(1);
  });

  it('refuses answers that do not fit the questions with 400 and the clear message, storing nothing', async () => {
    const { app } = getCtx();
    const token = await adminToken();
    const customerId = await customer(token);
    const pre = (answers: object) => ({ customer_id: customerId, type: 'pre', answers });
    const cases: [unknown, string][] = [
      [pre({ ...PRE, pain_level: 7 }), '「痛みの強さ」は星1つから5つで答えてください'],
      [pre({ ...PRE, pain_level: 0 }), '「痛みの強さ」は星1つから5つで答えてください'],
      [pre({ ...PRE, pain_areas: ['首', '背中'] }), '「痛む部位」の選択肢にない回答です（背中）'],
      [pre({ ...PRE, stress_level: 11 }), '「ストレス」は0から10の数で答えてください'],
      [pre({ ...PRE, sleep_quality: 'great' }), '「睡眠」の選択肢にない回答です（great）'],
      [pre({ ...PRE, sleep_quality: undefined }), '必須項目が入力されていません: 最近、よく眠れていますか'],
      [
        pre({ ...PRE, pain_areas: [], stress_level: undefined }),
        '必須項目が入力されていません: 痛みや不調のある部位をすべて選んでください、最近のストレスの強さを0から10で教えてください',
      ],
      [pre({ ...PRE, comments: 'x' }), 'このアンケートにない質問への回答が含まれています（comments）'],
      [
        { customer_id: customerId, type: 'post', answers: PRE },
        'このアンケートにない質問への回答が含まれています（pain_level）',
      ],
      [{ type: 'pre', answers: PRE }, SURVEY_MESSAGES.customerRequired],
      [{ customer_id: customerId, type: 'during', answers: PRE }, SURVEY_MESSAGES.typeInvalid],
      [{ customer_id: customerId, type: 'pre' }, 'リクエストの形式が正しくありません'],
      [{ customer_id: customerId, type: 'pre', answers: PRE, visit_id: 'x' }, 'リクエストの形式が正しくありません'],
    ];
    for (const [body, message] of cases) {
      const res = await call(app, 'POST', '/api/surveys', { token, body });
      expect(res.body, message).toEqual(invalid(message));
      expect(res.status).toBe(400);
    }
    expect(await count()).toBe(0);
  });

  it('keeps surveys of a deleted customer and takes new ones for them, the name shown', async () => {
    const { app } = getCtx();
    const token = await adminToken();
    const customerId = await customer(token);
    const before = await submit(token, { customer_id: customerId, type: 'pre', answers: PRE });
    await call(app, 'DELETE', `/api/customers/${customerId}`, { token });
    const after = await submit(token, { customer_id: customerId, type: 'post', answers: POST });
    expect(after).toMatchObject({ customer_name: '山田 花子', customer_deleted: true });
    const listed = (await call(app, 'GET', `/api/surveys?customerId=${customerId}`, { token })).body
      .data as SurveyAnswer[];
    expect(listed.map((s) => s.id)).toEqual([after.id, before.id]);
  });

  it('lists surveys newest first, of one customer when asked, each list audited', async () => {
    const { app, db } = getCtx();
    useFakeDate('2026-11-22T09:00:00.000Z');
    const token = await adminToken();
    const [hanako, jiro] = [await customer(token), await customer(token, '佐藤 次郎')];
    const a = await submit(token, { customer_id: hanako, type: 'pre', answers: PRE });
    advance(MINUTE);
    const b = await submit(token, { customer_id: jiro, type: 'pre', answers: PRE });
    advance(MINUTE);
    const c = await submit(token, { customer_id: hanako, type: 'post', answers: POST });

    const list = async (query: string) => {
      const res = await call(app, 'GET', `/api/surveys${query}`, { token });
      expect(res.body.error).toBeNull();
      return (res.body.data as SurveyAnswer[]).map((s) => s.id);
    };
    expect(await list('')).toEqual([c.id, b.id, a.id]);
    expect(await list(`?customerId=${hanako}`)).toEqual([c.id, a.id]);
    expect(await list(`?customerId=${jiro}`)).toEqual([b.id]);
    expect(await list(`?customerId=${crypto.randomUUID()}`)).toEqual([]);
    expect(await list('?limit=1')).toEqual([c.id]);
    for (const [query, message] of [
      ['?customerId=abc', '顧客IDが正しくありません'],
      ['?limit=0', '件数は1から1000の整数で指定してください'],
    ]) {
      const res = await call(app, 'GET', `/api/surveys${query}`, { token });
      expect([res.status, res.body]).toEqual([400, invalid(message!)]);
    }

    const reads = await listAudit(db, { action: 'survey.read' });
    expect(reads).toHaveLength(5);
    expect(reads[0]).toMatchObject({ entity: 'survey', entity_id: null, username: 'admin' });
    expect(JSON.parse(reads[1]!.detail!)).toEqual({ via: 'GET /api/surveys', ids: [c.id, a.id] });
    expect(reads[2]).toMatchObject({ entity_id: b.id });
  });

  it('gets one survey by id with its conflicts, audited; 404 when unknown', async () => {
    const { app, db } = getCtx();
    const token = await adminToken();
    const created = await submit(token, { customer_id: await customer(token), type: 'pre', answers: PRE });
    const res = await call(app, 'GET', `/api/surveys/${created.id}`, { token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ ...created, conflicts: [] });
    expect((await listAudit(db, { entityId: created.id })).map((r) => r.action)).toEqual([
      'survey.submit',
      'survey.read',
    ]);
    const unknown = await call(app, 'GET', `/api/surveys/${crypto.randomUUID()}`, { token });
    expect([unknown.status, unknown.body]).toEqual([404, failure('NOT_FOUND', 'アンケートが見つかりません')]);
  });

  it('answers 401 without a token on every route', async () => {
    const { app } = getCtx();
    for (const [method, path, body] of [
      ['GET', '/api/surveys'],
      ['GET', `/api/surveys/${crypto.randomUUID()}`],
      ['POST', '/api/surveys', { customer_id: crypto.randomUUID(), type: 'pre', answers: PRE }],
    ] as const) {
      const res = await call(app, method, path, { body });
      expect([res.status, res.body], `${method} ${path}`).toEqual([401, failure('UNAUTHORIZED', 'ログインが必要です')]);
    }
    expect(await count()).toBe(0);
  });
});
