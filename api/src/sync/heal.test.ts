import { PROTOCOL_VERSION, type PullResponse, type SyncedTable, type WireMutation } from '@clinic/sync-protocol';
import { afterEach, expect, it, vi } from 'vitest';
import { listAudit } from '../audit/audit.repository';
import { faceAnalysisArgs, faceMutation } from '../face-analysis/face-analysis-test-support';
import { type MediaTestApp, createMutation, jpeg, mediaArgs } from '../media/media-test-support';
import { MINUTE, advance, describeEachDatabase, useFakeDate } from '../test/harness';
import { healFinishRaw, healRaw, healStart, restoreSnapshot, snapshot } from './heal-test-support';
import { CLIENT_TIME, makeCreate, makeUpdate, pull, push, pushOk, syncCall, tokenOf } from './sync-test-helpers';

const healRows = (page: PullResponse, table: SyncedTable) => page.changes[table] as unknown[];

describeEachDatabase('heal after a restore', (getCtx) => {
  afterEach(() => vi.useRealTimers());

  /** A device that pushed A before the backup, then edited A and added B; then the server is restored. */
  async function restoredAfterWork() {
    useFakeDate();
    const { app, db, staff } = getCtx();
    const token = await tokenOf(app, staff);
    const clientId = crypto.randomUUID();
    const [a, b] = [crypto.randomUUID(), crypto.randomUUID()];
    await pushOk(app, token, clientId, [makeCreate(1, { id: a, name: '前田 一郎' })]);
    const before = await pull(app, token, clientId);
    const backup = await snapshot(db);
    advance(MINUTE);
    await pushOk(app, token, clientId, [
      makeUpdate(2, a, { phone: '03-1111-2222' }),
      makeCreate(3, { id: b, name: '後藤 二郎' }),
    ]);
    const device = await pull(app, token, clientId, 0);
    advance(MINUTE);
    await restoreSnapshot(db, backup, new Date());
    advance(MINUTE);
    return { app, db, token, clientId, a, b, before, device };
  }

  it('today a tablet whose pushes came after the backup is refused as out of order; with its epoch it is told to heal', async () => {
    const { app, token, clientId, a, device } = await restoredAfterWork();
    const next = makeUpdate(4, a, { address: '東京都' });
    // An app without epochs (protocol 6) meets the old failure, which nothing on the device can end.
    const old = await push(app, token, clientId, [next], 6);
    expect([old.status, old.body.code]).toEqual([409, 'OUT_OF_ORDER']);
    const res = await syncCall(app, '/api/sync/push', token, {
      protocolVersion: PROTOCOL_VERSION,
      clientId,
      mutations: [next],
      epoch: device.epoch,
    });
    expect([res.status, res.body.code]).toEqual([409, 'EPOCH_CHANGED']);
    expect(res.body.message).toMatch(/バックアップから戻されました/);
  });

  it('inserts what the server lacks and replaces what it holds older, then the outbox goes on and a pull from 0 has each record once', async () => {
    const { app, db, token, clientId, a, b, before, device } = await restoredAfterWork();
    const start = await healStart(app, token, clientId);
    expect(start.epoch).not.toBe(device.epoch);
    expect(start.restoredFrom).toEqual({ epoch: device.epoch, version: before.cookie });

    const healed = await healRaw(app, token, {
      clientId,
      epoch: start.epoch,
      table: 'customers',
      rows: healRows(device, 'customers'),
    });
    expect(healed.body.data).toEqual({
      epoch: start.epoch,
      inserted: 1,
      replaced: 1,
      unchanged: 0,
      kept: 0,
      refused: 0,
      missingFiles: [],
    });
    // Sent again (a reload mid-heal): nothing changes.
    const again = await healRaw(app, token, {
      clientId,
      epoch: start.epoch,
      table: 'customers',
      rows: healRows(device, 'customers'),
    });
    expect(again.body.data).toMatchObject({ inserted: 0, replaced: 0, unchanged: 2 });

    const finished = await healFinishRaw(app, token, {
      clientId,
      epoch: start.epoch,
      lastMutationId: device.lastMutationId,
    });
    expect(finished.body.data).toEqual({ epoch: start.epoch, lastMutationId: 3 });
    const res = await syncCall(app, '/api/sync/push', token, {
      protocolVersion: PROTOCOL_VERSION,
      clientId,
      epoch: start.epoch,
      mutations: [makeUpdate(4, a, { address: '東京都' })],
    });
    expect(res.body.data).toEqual({ lastMutationId: 4, epoch: start.epoch });

    const after = await pull(app, token, clientId, 0);
    const byId = new Map(after.changes.customers.map((c) => [c.id, c]));
    expect(after.changes.customers).toHaveLength(2);
    const [oldA, oldB] = [a, b].map((id) => device.changes.customers.find((c) => c.id === id)!);
    // Each record as the device had it (its カルテ番号, its last change's time and author), plus the new edit.
    expect(byId.get(a)).toEqual({
      ...oldA,
      address: '東京都',
      version: expect.any(Number),
      updatedAt: expect.any(String),
    });
    expect(byId.get(b)).toEqual({ ...oldB, version: expect.any(Number) });
    // The next new customer does not get B's number again.
    await pushOk(app, token, clientId, [{ ...makeCreate(5, { id: crypto.randomUUID() }), clientTime: CLIENT_TIME }]);
    const numbers = (await pull(app, token, clientId, 0)).changes.customers.map((c) => c.chartNumber);
    expect(new Set(numbers).size).toBe(3);

    const audit = await listAudit(db, { action: 'sync.heal' });
    expect(audit.map((r) => JSON.parse(r.detail ?? '{}'))).toContainEqual(
      expect.objectContaining({ inserted: [b], replaced: [a] }),
    );
  });

  it('never overwrites a record changed on the server after the restore', async () => {
    const { app, token, clientId, a, device } = await restoredAfterWork();
    const start = await healStart(app, token, clientId);
    const other = { token, clientId: crypto.randomUUID() };
    await syncCall(app, '/api/sync/push', other.token, {
      protocolVersion: PROTOCOL_VERSION,
      clientId: other.clientId,
      epoch: start.epoch,
      mutations: [makeUpdate(1, a, { name: '前田 一郎（修正）' })],
    });
    const healed = await healRaw(app, token, {
      clientId,
      epoch: start.epoch,
      table: 'customers',
      rows: healRows(device, 'customers'),
    });
    expect(healed.body.data).toMatchObject({ inserted: 1, replaced: 0, kept: 1 });
    const row = (await pull(app, token, clientId, 0)).changes.customers.find((c) => c.id === a)!;
    expect(row.name).toBe('前田 一郎（修正）');
  });

  it('refuses, one by one, rows that are not records, name a missing record or are newer than the restore', async () => {
    const { app, token, clientId, device } = await restoredAfterWork();
    const start = await healStart(app, token, clientId);
    const customer = device.changes.customers[0]!;
    const visit = (customerId: string, updatedAt = customer.updatedAt) => ({
      id: crypto.randomUUID(),
      customerId,
      date: '2026-11-22',
      serviceMenu: '鍼灸',
      price: 5000,
      staffName: '',
      notes: '',
      createdAt: updatedAt,
      updatedAt,
      updatedBy: 'staff1',
      version: 9,
      deleted: false,
    });
    const rows = [
      visit(customer.id),
      visit(crypto.randomUUID()),
      { id: 'x' },
      visit(customer.id, new Date(Date.now() + MINUTE).toISOString()),
    ];
    await healRaw(app, token, {
      clientId,
      epoch: start.epoch,
      table: 'customers',
      rows: healRows(device, 'customers'),
    });
    const healed = await healRaw(app, token, { clientId, epoch: start.epoch, table: 'visits', rows });
    expect(healed.body.data).toMatchObject({ inserted: 1, refused: 3 });
  });

  it('refuses a heal or its end for an epoch the server has left', async () => {
    const { app, token, clientId, device } = await restoredAfterWork();
    const res = await healRaw(app, token, { clientId, epoch: device.epoch, table: 'customers', rows: [] });
    expect([res.status, res.body.code]).toEqual([409, 'EPOCH_CHANGED']);
    const end = await healFinishRaw(app, token, { clientId, epoch: device.epoch, lastMutationId: 3 });
    expect([end.status, end.body.code]).toEqual([409, 'EPOCH_CHANGED']);
  });

  it('takes back every synced entity exactly as the device had it; a photo whose file is gone is named for upload', async () => {
    useFakeDate();
    const { app, db, staff } = getCtx();
    const token = await tokenOf(app, staff);
    const clientId = crypto.randomUUID();
    const t = { app, token, clientId, nextMutationId: 1 } as unknown as MediaTestApp; // the helpers use these fields only
    await pushOk(app, token, clientId, []);
    await pull(app, token, clientId);
    const backup = await snapshot(db);
    advance(MINUTE);
    const [customerId, visitId, diagnosisId] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    const photo = mediaArgs(customerId, await jpeg(), { visitId });
    const m = (name: string, args: object): WireMutation => ({
      id: t.nextMutationId++,
      name,
      clientTime: CLIENT_TIME,
      args,
    });
    await pushOk(app, token, clientId, [
      m('customer.create', {
        id: customerId,
        name: '全件 確認',
        phone: '090-0000-0000',
        birthDate: '1985-04-01',
        gender: 'female',
        age: 41,
      }),
      m('visit.create', { id: visitId, customerId, date: '2026-11-22', serviceMenu: '鍼灸', price: 6600 }),
      m('survey.submit', {
        id: crypto.randomUUID(),
        customerId,
        visitId,
        type: 'pre',
        answers: { pain_level: 3, pain_areas: ['首', '肩'], sleep_quality: 'fair', stress_level: 6 },
      }),
      m('diagnosis.create', { id: diagnosisId, customerId, visitId, date: '2026-11-22', generalHealth: '良好' }),
      m('painMarker.create', {
        id: crypto.randomUUID(),
        diagnosisId,
        number: 1,
        view: 'front',
        x: 50.5,
        y: 30,
        bodyPart: 'front 50% 30%',
        painLevel: 5,
        resolved: true,
      }),
      createMutation(t, photo),
      faceMutation(t, faceAnalysisArgs(customerId, { mediaId: photo.id, visitId })),
    ]);
    // The device saw the photo arrive (its row says uploaded) before the restore lost the file.
    await db.updateTable('media').set({ uploaded: 1 }).execute();
    const device = await pull(app, token, clientId, 0);
    expect(device.rejections).toEqual([]);
    advance(MINUTE);
    await restoreSnapshot(db, backup, new Date());
    advance(MINUTE);

    const start = await healStart(app, token, clientId);
    const missing: string[] = [];
    for (const table of Object.keys(device.changes) as SyncedTable[]) {
      const res = await healRaw(app, token, { clientId, epoch: start.epoch, table, rows: healRows(device, table) });
      expect(res.body.data).toMatchObject({ inserted: device.changes[table].length, refused: 0 });
      missing.push(...res.body.data.missingFiles);
    }
    expect(missing).toEqual([photo.id]);
    const after = await pull(app, token, clientId, 0);
    for (const table of Object.keys(device.changes) as SyncedTable[]) {
      const expected = device.changes[table].map((row) => ({
        ...row,
        version: expect.any(Number),
        ...(table === 'media' ? { uploaded: false } : {}),
      }));
      expect(after.changes[table], table).toEqual(expected);
    }
  });
});
