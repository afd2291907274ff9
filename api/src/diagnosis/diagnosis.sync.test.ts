import type { DiagnosisFields, PainMarkerFields, WireMutation } from '@clinic/sync-protocol';
import { expect, it } from 'vitest';
import { listAudit } from '../audit/audit.repository';
import { REJECTION_MESSAGES } from '../sync/mutator-context';
import { CLIENT_TIME, makeCreate, makeDelete, pull, pullRaw, pushOk, tokenOf } from '../sync/sync-test-helpers';
import { call, describeEachDatabase } from '../test/harness';

const mutation = (id: number, name: string, args: object): WireMutation => ({
  id,
  name,
  clientTime: CLIENT_TIME,
  args,
});
const diagnosisCreate = (id: number, args: { id: string; customerId: string } & Partial<DiagnosisFields>) =>
  mutation(id, 'diagnosis.create', { date: '2026-11-22', ...args });
const diagnosisUpdate = (
  id: number,
  diagnosisId: string,
  patch: Partial<DiagnosisFields>,
  base: Partial<DiagnosisFields> = {},
) => mutation(id, 'diagnosis.update', { id: diagnosisId, patch, base });
const markerCreate = (id: number, args: { id: string; diagnosisId: string } & Partial<PainMarkerFields>) =>
  mutation(id, 'painMarker.create', {
    number: 1,
    view: 'front',
    x: 50,
    y: 30,
    bodyPart: 'front 50% 30%',
    painLevel: 5,
    ...args,
  });
const markerUpdate = (
  id: number,
  markerId: string,
  patch: Partial<PainMarkerFields>,
  base: Partial<PainMarkerFields> = {},
) => mutation(id, 'painMarker.update', { id: markerId, patch, base });

describeEachDatabase('sync of diagnoses and pain markers', (getCtx) => {
  /** The admin's device has registered one customer and one record for them; the staff has a device of their own. */
  async function setup() {
    const { app, staff } = getCtx();
    const admin = { token: await tokenOf(app, getCtx().admin), clientId: crypto.randomUUID(), next: 1 };
    const other = { token: await tokenOf(app, staff), clientId: crypto.randomUUID(), next: 1 };
    const [customerId, diagnosisId] = [crypto.randomUUID(), crypto.randomUUID()];
    await pushOk(app, admin.token, admin.clientId, [
      makeCreate(admin.next++, { id: customerId }),
      diagnosisCreate(admin.next++, { id: diagnosisId, customerId }),
    ]);
    return { app, db: getCtx().db, admin, other, customerId, diagnosisId };
  }
  const rejectionsOf = async (device: { token: string; clientId: string }) =>
    (await pull(getCtx().app, device.token, device.clientId)).rejections.map((r) => [r.mutationId, r.reason]);

  it('sends records and markers in a pull in the shared schemas’ shape, x and y exactly as given, reads audited', async () => {
    const { app, db, admin, customerId, diagnosisId } = await setup();
    const markerId = crypto.randomUUID();
    await pushOk(app, admin.token, admin.clientId, [
      markerCreate(admin.next++, {
        id: markerId,
        diagnosisId,
        x: 33.3,
        y: 66.7,
        region: '肩上部',
        painLevel: 7,
        notes: ' 右 ',
      }),
      markerUpdate(admin.next++, markerId, { x: 0.1, y: 99.9 }, { x: 33.3, y: 66.7 }),
      markerUpdate(admin.next++, markerId, { x: 12.3, y: 45.6 }, { x: 0.1, y: 99.9 }),
    ]);

    const res = await pullRaw(app, admin.token, admin.clientId, 0);
    const meta = {
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      updatedBy: 'admin',
      version: expect.any(Number),
      deleted: false,
    };
    expect(res.body.data.changes.diagnoses).toEqual([
      { id: diagnosisId, customerId, visitId: null, date: '2026-11-22', generalHealth: '', notes: '', ...meta },
    ]);
    expect(res.body.data.changes.painMarkers).toEqual([
      {
        id: markerId,
        diagnosisId,
        number: 1,
        view: 'front',
        x: 12.3,
        y: 45.6,
        region: '肩上部',
        bodyPart: 'front 50% 30%',
        painLevel: 7,
        notes: '右',
        resolved: false,
        ...meta,
      },
    ]);
    expect(res.body.data.conflicts).toEqual([]);
    const stored = await db.selectFrom('pain_markers').select(['x', 'y']).executeTakeFirstOrThrow();
    expect([stored.x, stored.y]).toEqual([12.3, 45.6]);
    const shown = await call(app, 'GET', `/api/diagnosis/${diagnosisId}`, { token: admin.token });
    expect(shown.body.data.bodyParts.map((p: { x: number; y: number }) => [p.x, p.y])).toEqual([[12.3, 45.6]]);

    const parsed = await pull(app, admin.token, admin.clientId, 0);
    expect([parsed.changes.diagnoses.length, parsed.changes.painMarkers.length, parsed.rejections]).toEqual([1, 1, []]);
    for (const [entity, id] of [
      ['diagnosis', diagnosisId],
      ['painMarker', markerId],
    ] as const) {
      const [read] = (await listAudit(db, { action: 'sync.pull' })).filter((row) => row.entity === entity);
      expect(read).toMatchObject({ entity, entity_id: id, client_id: admin.clientId, username: 'admin' });
      expect(JSON.parse(read!.detail!)).toEqual({ via: 'sync.pull', ids: [id] });
    }
  });

  it('keeps the markers two devices added to one record offline, and their edits of different markers, without conflicts', async () => {
    const { app, admin, other, diagnosisId } = await setup();
    await pull(app, other.token, other.clientId);
    const [mine, theirs] = [crypto.randomUUID(), crypto.randomUUID()];
    // Both devices numbered their new spot 1 while offline: both are kept.
    await pushOk(app, admin.token, admin.clientId, [
      markerCreate(admin.next++, { id: mine, diagnosisId, painLevel: 4, view: 'front' }),
    ]);
    await pushOk(app, other.token, other.clientId, [
      markerCreate(other.next++, { id: theirs, diagnosisId, painLevel: 8, view: 'back' }),
    ]);
    await pushOk(app, admin.token, admin.clientId, [
      markerUpdate(admin.next++, mine, { painLevel: 5 }, { painLevel: 4 }),
    ]);
    await pushOk(app, other.token, other.clientId, [
      markerUpdate(other.next++, theirs, { notes: '鈍痛' }, { notes: '' }),
    ]);

    const { changes, conflicts, rejections } = await pull(app, other.token, other.clientId);
    expect(rejections).toEqual([]);
    expect(conflicts).toEqual([]);
    expect(
      changes.painMarkers.map((m) => [m.id, m.diagnosisId, m.number, m.painLevel, m.notes, m.updatedBy]).sort(),
    ).toEqual(
      [
        [mine, diagnosisId, 1, 5, '', 'admin'],
        [theirs, diagnosisId, 1, 8, '鈍痛', 'staff1'],
      ].sort(),
    );
    const shown = await call(app, 'GET', `/api/diagnosis/${diagnosisId}`, { token: admin.token });
    expect(shown.body.data.bodyParts.map((p: { id: string }) => p.id).sort()).toEqual([mine, theirs].sort());
    expect(shown.body.data.avg_pain_level).toBe(6.5);
  });

  it('logs a conflict when the same marker’s level was edited on two devices from the same old value', async () => {
    const { app, admin, other, diagnosisId } = await setup();
    const markerId = crypto.randomUUID();
    await pushOk(app, admin.token, admin.clientId, [
      markerCreate(admin.next++, { id: markerId, diagnosisId, painLevel: 5 }),
    ]);
    const { cookie } = await pull(app, other.token, other.clientId);
    await pushOk(app, admin.token, admin.clientId, [
      markerUpdate(admin.next++, markerId, { painLevel: 7, resolved: true }, { painLevel: 5, resolved: false }),
    ]);
    // The staff's device still holds level 5 and 消失 unset.
    await pushOk(app, other.token, other.clientId, [
      markerUpdate(other.next++, markerId, { painLevel: 3, resolved: true }, { painLevel: 5, resolved: false }),
    ]);

    const { changes, conflicts } = await pull(app, other.token, other.clientId, cookie);
    expect(changes.painMarkers).toEqual([
      expect.objectContaining({ id: markerId, painLevel: 3, resolved: true, updatedBy: 'staff1' }),
    ]);
    // 消失 was set to the same value on both: no conflict for it.
    expect(conflicts.map(({ id: _id, at: _at, ...c }) => c)).toEqual([
      {
        table: 'painMarkers',
        recordId: markerId,
        field: 'painLevel',
        overwritten: 7,
        value: 3,
        by: 'staff1',
        overwrittenBy: 'admin',
      },
    ]);
    const shown = await call(app, 'GET', `/api/diagnosis/${diagnosisId}`, { token: admin.token });
    expect(shown.body.data.conflicts).toEqual([
      expect.objectContaining({ recordId: markerId, field: 'painLevel', overwritten: 7, value: 3 }),
    ]);
  });

  it('rejects a marker for a record deleted elsewhere or unknown, and changes to markers of a deleted record', async () => {
    const { app, db, admin, other, diagnosisId } = await setup();
    const kept = crypto.randomUUID();
    await pushOk(app, admin.token, admin.clientId, [markerCreate(admin.next++, { id: kept, diagnosisId })]);
    await pushOk(app, admin.token, admin.clientId, [mutation(admin.next++, 'diagnosis.delete', { id: diagnosisId })]);
    // The staff's device had not heard of the delete.
    await pushOk(app, other.token, other.clientId, [
      markerCreate(1, { id: crypto.randomUUID(), diagnosisId, number: 2 }),
      markerUpdate(2, kept, { painLevel: 9 }, { painLevel: 5 }),
      mutation(3, 'painMarker.delete', { id: kept }),
      markerCreate(4, { id: crypto.randomUUID(), diagnosisId: crypto.randomUUID() }),
      markerUpdate(5, crypto.randomUUID(), { painLevel: 9 }),
      diagnosisUpdate(6, diagnosisId, { notes: '追記' }, { notes: '' }),
      markerCreate(7, { id: kept, diagnosisId }),
    ]);
    expect(await rejectionsOf(other)).toEqual([
      [1, 'この診断記録は他の端末で削除されています'],
      [2, 'この診断記録は他の端末で削除されています'],
      [3, 'この診断記録は他の端末で削除されています'],
      [4, '診断記録が見つかりません'],
      [5, '痛みの箇所が見つかりません'],
      [6, REJECTION_MESSAGES.deletedElsewhere],
      [7, 'この痛みの箇所は既に登録されています'],
    ]);
    const markers = await db.selectFrom('pain_markers').selectAll().execute();
    expect(markers.map((m) => [m.id, Number(m.pain_level), Number(m.deleted)])).toEqual([[kept, 5, 0]]);
  });

  it('takes a record for a customer deleted elsewhere, but only a visit of its own customer', async () => {
    const { app, db, admin, other, customerId, diagnosisId } = await setup();
    const [jiro, jirosVisit, hanakosVisit] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    await pushOk(app, admin.token, admin.clientId, [
      makeCreate(admin.next++, { id: jiro, name: '佐藤 次郎' }),
      mutation(admin.next++, 'visit.create', { id: jirosVisit, customerId: jiro, date: '2026-11-22' }),
      mutation(admin.next++, 'visit.create', { id: hanakosVisit, customerId, date: '2026-11-22' }),
      makeDelete(admin.next++, customerId),
    ]);
    const [kept, lost, linked] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    await pushOk(app, other.token, other.clientId, [
      diagnosisCreate(1, { id: kept, customerId, notes: '施術前' }),
      diagnosisCreate(2, { id: lost, customerId: crypto.randomUUID() }),
      diagnosisCreate(3, { id: crypto.randomUUID(), customerId, visitId: jirosVisit }),
      diagnosisCreate(4, { id: linked, customerId, visitId: hanakosVisit }),
      // Moving a record to another customer leaves its visit behind, which is refused.
      diagnosisUpdate(5, linked, { customerId: jiro }, { customerId }),
      diagnosisUpdate(6, linked, { customerId: jiro, visitId: jirosVisit }, { customerId, visitId: hanakosVisit }),
      diagnosisCreate(7, { id: diagnosisId, customerId }),
    ]);
    expect(await rejectionsOf(other)).toEqual([
      [2, '顧客が見つかりません'],
      [3, '選択した来院記録はこの顧客のものではありません'],
      [5, '選択した来院記録はこの顧客のものではありません'],
      [7, 'この診断記録は既に登録されています'],
    ]);
    const stored = await db
      .selectFrom('diagnoses')
      .select(['id', 'customer_id', 'visit_id'])
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    expect(stored.map((d) => [d.id, d.customer_id, d.visit_id]).sort()).toEqual(
      [
        [diagnosisId, customerId, null],
        [kept, customerId, null],
        [linked, jiro, jirosVisit],
      ].sort(),
    );
    const shown = await call(app, 'GET', `/api/diagnosis/${kept}`, { token: admin.token });
    expect(shown.body.data).toMatchObject({ customer_name: '山田 花子', customer_deleted: true, notes: '施術前' });
  });

  it('audits every change with the mutation and device that made it', async () => {
    const { app, db, admin, diagnosisId } = await setup();
    const markerId = crypto.randomUUID();
    await pushOk(app, admin.token, admin.clientId, [
      markerCreate(3, { id: markerId, diagnosisId }),
      markerUpdate(4, markerId, { painLevel: 6, resolved: true }, { painLevel: 5, resolved: false }),
      diagnosisUpdate(5, diagnosisId, { generalHealth: '良好' }, { generalHealth: '' }),
      mutation(6, 'painMarker.delete', { id: markerId }),
      mutation(7, 'diagnosis.delete', { id: diagnosisId }),
    ]);
    const changes = (await listAudit(db)).filter((r) => r.entity === 'diagnosis' || r.entity === 'painMarker');
    expect(changes.map((r) => [r.action, r.entity, r.entity_id, r.client_id, JSON.parse(r.detail!)])).toEqual([
      [
        'diagnosis.create',
        'diagnosis',
        diagnosisId,
        admin.clientId,
        { customerId: expect.any(String), mutationId: 2, madeAt: expect.any(String) },
      ],
      [
        'painMarker.create',
        'painMarker',
        markerId,
        admin.clientId,
        { diagnosisId, mutationId: 3, madeAt: expect.any(String) },
      ],
      [
        'painMarker.update',
        'painMarker',
        markerId,
        admin.clientId,
        { diagnosisId, fields: ['painLevel', 'resolved'], mutationId: 4, madeAt: expect.any(String) },
      ],
      [
        'diagnosis.update',
        'diagnosis',
        diagnosisId,
        admin.clientId,
        { fields: ['generalHealth'], mutationId: 5, madeAt: expect.any(String) },
      ],
      [
        'painMarker.delete',
        'painMarker',
        markerId,
        admin.clientId,
        { diagnosisId, mutationId: 6, madeAt: expect.any(String) },
      ],
      ['diagnosis.delete', 'diagnosis', diagnosisId, admin.clientId, { mutationId: 7, madeAt: expect.any(String) }],
    ]);
    const stored = await db.selectFrom('pain_markers').select(['resolved', 'deleted']).executeTakeFirstOrThrow();
    expect([Number(stored.resolved), Number(stored.deleted)]).toEqual([1, 1]);
  });

  it('shows a REST edit’s marker changes in a pull: updates, new rows and tombstones of one version', async () => {
    const { app, admin, other, diagnosisId } = await setup();
    const [one, two] = [crypto.randomUUID(), crypto.randomUUID()];
    await pushOk(app, other.token, other.clientId, [
      markerCreate(1, { id: one, diagnosisId, number: 1, painLevel: 4 }),
      markerCreate(2, { id: two, diagnosisId, number: 2, painLevel: 6 }),
    ]);
    const { cookie } = await pull(app, other.token, other.clientId);
    const current = (await call(app, 'GET', `/api/diagnosis/${diagnosisId}`, { token: admin.token })).body.data;
    const res = await call(app, 'PUT', `/api/diagnosis/${diagnosisId}`, {
      token: admin.token,
      body: {
        ...current,
        bodyParts: [
          { ...current.bodyParts[0], pain_level: 2 },
          { id: 3, body_part: 'back 20% 20%', pain_level: 9, x: 20, y: 20, view: 'back' },
        ],
      },
    });
    expect(res.status).toBe(200);

    const later = await pull(app, other.token, other.clientId, cookie);
    const added = res.body.data.bodyParts.find((p: { number: number }) => p.number === 3).id;
    expect(later.changes.diagnoses).toEqual([]);
    expect(later.changes.painMarkers.map((m) => [m.id, m.painLevel, m.deleted, m.updatedBy]).sort()).toEqual(
      [
        [one, 2, false, 'admin'],
        [two, 6, true, 'admin'],
        [added, 9, false, 'admin'],
      ].sort(),
    );
    expect(new Set(later.changes.painMarkers.map((m) => m.version)).size).toBe(1);
    expect(later.cookie).toBe(later.changes.painMarkers[0]!.version);
  });
});
