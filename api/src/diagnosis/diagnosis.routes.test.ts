import { DIAGNOSIS_MESSAGES, PAIN_MARKER_MESSAGES } from '@clinic/sync-protocol';
import { afterEach, expect, it, vi } from 'vitest';
import { listAudit } from '../audit/audit.repository';
import { REJECTION_MESSAGES } from '../sync/mutator-context';
import { tokenOf } from '../sync/sync-test-helpers';
import { MINUTE, advance, call, describeEachDatabase, failure, useFakeDate } from '../test/harness';
import { type Answer, NOT_FOUND, type Part, diagnosisTestKit, invalid, part } from './diagnosis-test-support';

describeEachDatabase('diagnosis REST', (getCtx) => {
  const { adminToken, counts, actionsOf, customer, diagnose } = diagnosisTestKit(getCtx);

  afterEach(() => {
    vi.useRealTimers();
  });

  it('creates a record with its body parts in one call: 201, the nested shape, UUIDs, numbers and audit', async () => {
    const { app, db, admin } = getCtx();
    useFakeDate('2026-11-30T16:00:00.000Z'); // 2026-12-01 in Japan
    const token = await adminToken();
    const customerId = await customer(token);
    const visit = await call(app, 'POST', '/api/visits', {
      token,
      body: { customer_id: customerId, date: '2026-12-01' },
    });
    const visitId = visit.body.data.id as string;
    const res = await call(app, 'POST', '/api/diagnosis', {
      token,
      body: {
        customer_id: customerId,
        visit_id: visitId,
        general_health: ' 良好 ',
        notes: '肩こりが強い',
        bodyParts: [
          part(3, { pain_level: 8, x: 33.3, y: 66.7, region: '肩上部', notes: ' 右 ' }),
          // A local id too large for a marker number: numbered by its place in the list.
          part(1732950000000, { pain_level: 6, resolved: true }),
          part(1, { pain_level: 3, view: 'back', body_part: 'back 50% 40%', x: 50, y: 40 }),
        ],
      },
    });
    expect(res.status).toBe(201);
    const created = res.body.data as Answer;
    const uuid = expect.stringMatching(/^[0-9a-f-]{36}$/);
    expect(created).toEqual({
      id: uuid,
      customer_id: customerId,
      customer_name: '山田 花子',
      customer_deleted: false,
      visit_id: visitId,
      general_health: '良好',
      notes: '肩こりが強い',
      date: '2026-12-01',
      created_at: '2026-11-30T16:00:00.000Z',
      updated_at: '2026-11-30T16:00:00.000Z',
      version: expect.any(Number),
      // 8 and 3; the healed (消失) spot does not count.
      avg_pain_level: 5.5,
      bodyParts: [
        // A spot that names no region gets the one at its position; one off the body (10.5%, 20.1%) has none.
        {
          id: uuid,
          body_part: 'back 50% 40%',
          pain_level: 3,
          x: 50,
          y: 40,
          view: 'back',
          notes: '',
          // On the midline itself (x = 50 %), without a side (issue 38).
          region: 'back.low-back.center',
          number: 1,
          resolved: false,
        },
        {
          id: uuid,
          body_part: 'front 10.5% 20.1%',
          pain_level: 6,
          x: 10.5,
          y: 20.1,
          view: 'front',
          notes: '',
          region: null,
          number: 2,
          resolved: true,
        },
        {
          id: uuid,
          body_part: 'front 10.5% 20.1%',
          pain_level: 8,
          x: 33.3,
          y: 66.7,
          view: 'front',
          notes: '右',
          region: '肩上部',
          number: 3,
          resolved: false,
        },
      ],
    });
    const markers = await db.selectFrom('pain_markers').selectAll().orderBy('pain_level').execute();
    expect(
      markers.map((m) => [
        m.diagnosis_id,
        m.number,
        m.pain_level,
        Number(m.x),
        Number(m.y),
        Number(m.resolved),
        m.version,
        m.updated_by,
      ]),
    ).toEqual([
      [created.id, 1, 3, 50, 40, 0, created.version, 'admin'],
      [created.id, 2, 6, 10.5, 20.1, 1, created.version, 'admin'],
      [created.id, 3, 8, 33.3, 66.7, 0, created.version, 'admin'],
    ]);
    const audit = (await listAudit(db)).filter((r) => r.entity === 'diagnosis' || r.entity === 'painMarker');
    expect(audit.map((r) => [r.action, r.user_id, JSON.parse(r.detail!)])).toEqual([
      ['diagnosis.create', admin.id, { customerId }],
      ...markers.map(() => ['painMarker.create', admin.id, { diagnosisId: created.id }]),
    ]);
  });

  it('refuses a bad record or body part with 400 and its message, storing nothing', async () => {
    const { app } = getCtx();
    const token = await adminToken();
    const customerId = await customer(token);
    const ok = { customer_id: customerId, bodyParts: [part(1)] };
    const cases: [unknown, string][] = [
      [{ ...ok, bodyParts: [part(1), part(2, { pain_level: 11 })] }, PAIN_MARKER_MESSAGES.painLevel],
      [{ ...ok, bodyParts: [part(1, { pain_level: 0 })] }, PAIN_MARKER_MESSAGES.painLevel],
      [{ ...ok, bodyParts: [part(1, { pain_level: 4.5 })] }, PAIN_MARKER_MESSAGES.painLevel],
      [{ ...ok, bodyParts: [part(1, { x: 100.1 })] }, PAIN_MARKER_MESSAGES.position],
      [{ ...ok, bodyParts: [part(1, { y: 12.34 })] }, PAIN_MARKER_MESSAGES.position],
      [{ ...ok, bodyParts: [part(1, { view: 'side' })] }, PAIN_MARKER_MESSAGES.view],
      [{ ...ok, bodyParts: [part(1, { notes: 'あ'.repeat(501) })] }, PAIN_MARKER_MESSAGES.notesTooLong],
      [{ ...ok, bodyParts: [part('abc')] }, 'リクエストの形式が正しくありません'],
      [{ ...ok, bodyParts: 'front' }, 'リクエストの形式が正しくありません'],
      [{ bodyParts: [part(1)] }, DIAGNOSIS_MESSAGES.customerRequired],
      [{ ...ok, date: '2026-02-30' }, DIAGNOSIS_MESSAGES.dateInvalid],
      [{ ...ok, notes: 'あ'.repeat(2001) }, DIAGNOSIS_MESSAGES.notesTooLong],
      [{ ...ok, visit_id: 'x' }, 'リクエストの形式が正しくありません'],
    ];
    for (const [body, message] of cases) {
      const res = await call(app, 'POST', '/api/diagnosis', { token, body });
      expect([res.status, res.body], JSON.stringify(body).slice(0, 80)).toEqual([400, invalid(message)]);
    }
    expect(await counts()).toEqual([0, 0]);
  });

  it('stores all or nothing: a refused body part takes the record back with it', async () => {
    const { app } = getCtx();
    const token = await adminToken();
    const [hanako, jiro] = [await customer(token), await customer(token, '佐藤 次郎')];
    const markerId = crypto.randomUUID();
    const twice = await call(app, 'POST', '/api/diagnosis', {
      token,
      body: { customer_id: hanako, bodyParts: [part(markerId), part(markerId, { pain_level: 9 })] },
    });
    expect([twice.status, twice.body]).toEqual([409, failure('CONFLICT', 'この痛みの箇所は既に登録されています')]);
    expect(await counts()).toEqual([0, 0]);

    const unknown = await call(app, 'POST', '/api/diagnosis', {
      token,
      body: { customer_id: crypto.randomUUID(), bodyParts: [part(1)] },
    });
    expect([unknown.status, unknown.body]).toEqual([404, failure('NOT_FOUND', '顧客が見つかりません')]);
    const visit = await call(app, 'POST', '/api/visits', { token, body: { customer_id: jiro, date: '2026-11-22' } });
    const otherVisit = await call(app, 'POST', '/api/diagnosis', {
      token,
      body: { customer_id: hanako, visit_id: visit.body.data.id, bodyParts: [part(1)] },
    });
    expect([otherVisit.status, otherVisit.body]).toEqual([
      400,
      invalid('選択した来院記録はこの顧客のものではありません'),
    ]);
    expect(await counts()).toEqual([0, 0]);

    const first = await diagnose(token, { customer_id: hanako, bodyParts: [part(markerId)] });
    expect(first.bodyParts.map((p) => [p.id, p.number])).toEqual([[markerId, 1]]);
    const again = await call(app, 'POST', '/api/diagnosis', { token, body: { id: first.id, customer_id: hanako } });
    expect([again.status, again.body]).toEqual([409, failure('CONFLICT', 'この診断記録は既に登録されています')]);
    expect(await counts()).toEqual([1, 1]);
  });

  it('lists live records newest first (50 unless asked), with live spots in number order, each list audited', async () => {
    const { app, db } = getCtx();
    useFakeDate('2026-11-22T09:00:00.000Z');
    const token = await adminToken();
    const [hanako, jiro] = [await customer(token), await customer(token, '佐藤 次郎')];
    const a = await diagnose(token, {
      customer_id: hanako,
      date: '2026-10-01',
      bodyParts: [part(2, { pain_level: 7 }), part(1, { pain_level: 4 })],
    });
    advance(MINUTE);
    const b = await diagnose(token, { customer_id: jiro, date: '2026-11-20' });
    advance(MINUTE);
    const c = await diagnose(token, { customer_id: hanako, date: '2026-11-20' }); // same day as b, entered later
    const gone = await diagnose(token, { customer_id: jiro, date: '2026-11-21' });
    await call(app, 'DELETE', `/api/diagnosis/${gone.id}`, { token });

    const list = async (query = '') => {
      const res = await call(app, 'GET', `/api/diagnosis${query}`, { token });
      expect(res.body.error).toBeNull();
      return res.body.data as (Answer & { customer_name: string })[];
    };
    const all = await list();
    expect(all.map((d) => d.id)).toEqual([c.id, b.id, a.id]);
    expect(all.map((d) => d.customer_name)).toEqual(['山田 花子', '佐藤 次郎', '山田 花子']);
    expect(all[2]!.bodyParts.map((p) => [p.number, p.pain_level])).toEqual([
      [1, 4],
      [2, 7],
    ]);
    expect([all[2]!.avg_pain_level, all[0]!.avg_pain_level, all[0]!.bodyParts]).toEqual([5.5, null, []]);
    expect((await list('?limit=1')).map((d) => d.id)).toEqual([c.id]);
    for (const query of ['?limit=0', '?limit=1001', '?limit=x']) {
      const res = await call(app, 'GET', `/api/diagnosis${query}`, { token });
      expect([res.status, res.body]).toEqual([400, invalid('件数は1から1000の整数で指定してください')]);
    }
    const reads = await listAudit(db, { action: 'diagnosis.read' });
    expect(reads).toHaveLength(2);
    expect(reads[0]).toMatchObject({ entity: 'diagnosis', entity_id: null, username: 'admin' });
    expect(JSON.parse(reads[0]!.detail!)).toEqual({ via: 'GET /api/diagnosis', ids: [c.id, b.id, a.id] });
    expect(reads[1]).toMatchObject({ entity_id: c.id });

    for (let day = 1; day <= 48; day++)
      await diagnose(token, { customer_id: jiro, date: `2026-09-${String((day % 28) + 1).padStart(2, '0')}` });
    expect(await list()).toHaveLength(50);
  });

  it('gets one record with its body parts and conflicts, audited; 404 when unknown or deleted', async () => {
    const { app } = getCtx();
    const token = await adminToken();
    const created = await diagnose(token, { customer_id: await customer(token), bodyParts: [part(1)] });
    const res = await call(app, 'GET', `/api/diagnosis/${created.id}`, { token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ ...created, conflicts: [] });
    expect(await actionsOf('diagnosis')).toEqual(['diagnosis.create', 'diagnosis.read']);

    const unknown = await call(app, 'GET', `/api/diagnosis/${crypto.randomUUID()}`, { token });
    expect([unknown.status, unknown.body]).toEqual([404, NOT_FOUND]);
    await call(app, 'DELETE', `/api/diagnosis/${created.id}`, { token });
    const deleted = await call(app, 'GET', `/api/diagnosis/${created.id}`, { token });
    expect([deleted.status, deleted.body]).toEqual([404, NOT_FOUND]);
  });

  it('turns a PUT into the marker changes it means: one added, one changed, one removed, in one version', async () => {
    const { app, db, staff } = getCtx();
    const token = await adminToken();
    const customerId = await customer(token);
    const created = await diagnose(token, {
      customer_id: customerId,
      notes: '初診',
      bodyParts: [
        part(1, { pain_level: 4, region: '腰部' }),
        part(2, { pain_level: 6, resolved: true }),
        part(3, { pain_level: 2 }),
      ],
    });
    const [one, two, three] = created.bodyParts;
    const staffToken = await tokenOf(app, staff);
    // What the spec's client sends back: the answer as read, edited. Region and 消失 are left out on
    // the first part: left as they are, not cleared.
    const body = {
      ...created,
      notes: '二回目',
      bodyParts: [
        { id: one!.id, body_part: one!.body_part, pain_level: 4, x: one!.x, y: one!.y, view: 'front' },
        { ...two!, pain_level: 9 },
        part(7, { pain_level: 5, view: 'back', x: 33.3, y: 0.1 }),
      ],
    };
    const res = await call(app, 'PUT', `/api/diagnosis/${created.id}`, { token: staffToken, body });
    expect(res.status).toBe(200);
    const updated = res.body.data as Answer;
    expect(updated.version).toBeGreaterThan(created.version);
    expect(updated).toMatchObject({ notes: '二回目', avg_pain_level: 4.5 });
    expect(updated.bodyParts.map((p) => [p.id, p.number, p.pain_level, p.region, p.resolved, p.x, p.y])).toEqual([
      [one!.id, 1, 4, '腰部', false, 10.5, 20.1],
      [two!.id, 2, 9, null, true, 10.5, 20.1],
      [expect.stringMatching(/^[0-9a-f-]{36}$/), 7, 5, null, false, 33.3, 0.1],
    ]);
    const added = updated.bodyParts[2]!.id;

    const rows = await db.selectFrom('pain_markers').selectAll().execute();
    const versionOf = (id: string) => Number(rows.find((r) => r.id === id)!.version);
    expect([versionOf(one!.id), versionOf(two!.id), versionOf(three!.id), versionOf(added)]).toEqual([
      created.version,
      updated.version,
      updated.version,
      updated.version,
    ]);
    expect(rows.find((r) => r.id === three!.id)).toMatchObject({ deleted: 1, updated_by: 'staff1' });
    const changes = (await listAudit(db)).filter(
      (r) => r.username === 'staff1' && r.entity !== null && ['diagnosis', 'painMarker'].includes(r.entity),
    );
    expect(changes.map((r) => [r.action, r.entity_id, JSON.parse(r.detail!)])).toEqual([
      ['diagnosis.update', created.id, { fields: ['notes'] }],
      ['painMarker.delete', three!.id, { diagnosisId: created.id }],
      ['painMarker.update', two!.id, { diagnosisId: created.id, fields: ['painLevel'] }],
      ['painMarker.create', added, { diagnosisId: created.id }],
    ]);

    // The same body again changes nothing and writes nothing; a PUT without body parts leaves them.
    const auditSize = (await listAudit(db)).length;
    const same = await call(app, 'PUT', `/api/diagnosis/${created.id}`, {
      token,
      body: { ...updated, bodyParts: updated.bodyParts },
    });
    expect([same.status, same.body.data.version]).toEqual([200, updated.version]);
    const fieldsOnly = await call(app, 'PUT', `/api/diagnosis/${created.id}`, {
      token,
      body: { general_health: '改善傾向' },
    });
    expect(fieldsOnly.body.data.bodyParts).toEqual(updated.bodyParts);
    expect((await listAudit(db)).length).toBe(auditSize + 1);

    // Without UUIDs (a client that keeps only its local sequence), parts match by number.
    const byNumber = await call(app, 'PUT', `/api/diagnosis/${created.id}`, {
      token,
      body: { bodyParts: [part(7, { pain_level: 1, view: 'back', x: 33.3, y: 0.1 })] },
    });
    expect(byNumber.body.data.bodyParts.map((p: Part) => [p.id, p.number, p.pain_level])).toEqual([[added, 7, 1]]);
    const emptied = await call(app, 'PUT', `/api/diagnosis/${created.id}`, { token, body: { bodyParts: [] } });
    expect([emptied.body.data.bodyParts, emptied.body.data.avg_pain_level]).toEqual([[], null]);
  });

  it('refuses a bad PUT whole, changing nothing; 404 unknown, 409 deleted', async () => {
    const { app, db } = getCtx();
    const token = await adminToken();
    const customerId = await customer(token);
    const created = await diagnose(token, { customer_id: customerId, notes: 'メモ', bodyParts: [part(1), part(2)] });
    const before = await db.selectFrom('pain_markers').selectAll().orderBy('number').execute();
    const refusals: [object, number, object][] = [
      [{ notes: '変更', bodyParts: [part(1, { pain_level: 11 })] }, 400, invalid(PAIN_MARKER_MESSAGES.painLevel)],
      [{ date: '' }, 400, invalid(DIAGNOSIS_MESSAGES.dateRequired)],
      [{ customer_id: crypto.randomUUID() }, 404, failure('NOT_FOUND', '顧客が見つかりません')],
      // One spot's UUID named twice: the second is taken as a new spot, which cannot have that id.
      [
        { notes: '変更', bodyParts: [part(created.bodyParts[0]!.id), part(created.bodyParts[0]!.id)] },
        409,
        failure('CONFLICT', 'この痛みの箇所は既に登録されています'),
      ],
    ];
    for (const [body, status, answer] of refusals) {
      const refused = await call(app, 'PUT', `/api/diagnosis/${created.id}`, { token, body });
      expect([refused.status, refused.body], JSON.stringify(body).slice(0, 60)).toEqual([status, answer]);
    }
    expect(await db.selectFrom('pain_markers').selectAll().orderBy('number').execute()).toEqual(before);
    expect((await call(app, 'GET', `/api/diagnosis/${created.id}`, { token })).body.data).toMatchObject({
      notes: 'メモ',
      version: created.version,
    });

    const unknown = await call(app, 'PUT', `/api/diagnosis/${crypto.randomUUID()}`, { token, body: { notes: 'x' } });
    expect([unknown.status, unknown.body]).toEqual([404, NOT_FOUND]);
    await call(app, 'DELETE', `/api/diagnosis/${created.id}`, { token });
    const deleted = await call(app, 'PUT', `/api/diagnosis/${created.id}`, { token, body: { notes: 'x' } });
    expect([deleted.status, deleted.body]).toEqual([409, failure('CONFLICT', REJECTION_MESSAGES.deletedElsewhere)]);
  });

  it('deletes a record: then 404, audited, its spots kept but hidden, and a second delete refused', async () => {
    const { app, db } = getCtx();
    const token = await adminToken();
    const { id } = await diagnose(token, { customer_id: await customer(token), bodyParts: [part(1)] });
    const res = await call(app, 'DELETE', `/api/diagnosis/${id}`, { token });
    expect([res.status, res.body.data]).toEqual([200, { id }]);
    expect((await call(app, 'GET', `/api/diagnosis/${id}`, { token })).status).toBe(404);
    expect((await call(app, 'GET', '/api/diagnosis', { token })).body.data).toEqual([]);
    expect(await actionsOf('diagnosis')).toEqual(['diagnosis.create', 'diagnosis.delete', 'diagnosis.read']);
    expect((await db.selectFrom('diagnoses').select('deleted').executeTakeFirstOrThrow()).deleted).toBe(1);
    expect(await counts()).toEqual([1, 1]);

    const again = await call(app, 'DELETE', `/api/diagnosis/${id}`, { token });
    expect([again.status, again.body]).toEqual([409, failure('CONFLICT', REJECTION_MESSAGES.deletedElsewhere)]);
    const unknown = await call(app, 'DELETE', `/api/diagnosis/${crypto.randomUUID()}`, { token });
    expect([unknown.status, unknown.body]).toEqual([404, NOT_FOUND]);
  });

  it('answers 401 without a token on every route', async () => {
    const { app } = getCtx();
    const id = crypto.randomUUID();
    for (const [method, path, body] of [
      ['GET', '/api/diagnosis'],
      ['GET', '/api/diagnosis/stats/summary'],
      ['GET', `/api/diagnosis/customer/${id}`],
      ['GET', `/api/diagnosis/${id}`],
      ['POST', '/api/diagnosis', { customer_id: id, bodyParts: [part(1)] }],
      ['PUT', `/api/diagnosis/${id}`, { notes: 'x' }],
      ['DELETE', `/api/diagnosis/${id}`],
    ] as const) {
      const res = await call(app, method, path, { body });
      expect([res.status, res.body], `${method} ${path}`).toEqual([401, failure('UNAUTHORIZED', 'ログインが必要です')]);
      expect(res.res.headers.get('cache-control')).toBe('no-store');
    }
    expect(await counts()).toEqual([0, 0]);
  });
});
