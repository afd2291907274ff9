import {
  CUSTOMER_MESSAGES,
  MIN_SUPPORTED_PROTOCOL_VERSION,
  PROTOCOL_TOO_NEW_MESSAGE,
  PROTOCOL_UNSUPPORTED_MESSAGE,
  PROTOCOL_VERSION,
} from '@clinic/sync-protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listAudit } from '../audit/audit.repository';
import { call, describeEachDatabase, failure, useFakeDate } from '../test/harness';
import { REJECTION_MESSAGES } from './mutator-context';
import { PUSH_MESSAGES } from './push.service';
import {
  CLIENT_TIME,
  makeCreate,
  makeDelete,
  makeUpdate,
  pull,
  pullRaw,
  push,
  pushOk,
  tokenOf,
} from './sync-test-helpers';

const UNAUTHORIZED = failure('UNAUTHORIZED', 'ログインが必要です');
const JAPANESE = /[\u3040-\u30ff\u4e00-\u9fff]/;

describeEachDatabase('sync push', (getCtx) => {
  const rows = () => getCtx().db.selectFrom('customers').selectAll().orderBy('chart_number').execute();
  const customerAudit = async () =>
    (await listAudit(getCtx().db)).filter((r) => r.action.startsWith('customer.') && r.action !== 'customer.read');
  const adminToken = () => tokenOf(getCtx().app, getCtx().admin);

  it('applies creates, updates and deletes in order and answers the last mutation id', async () => {
    const { app } = getCtx();
    const token = await adminToken();
    const clientId = crypto.randomUUID();
    const [a, b] = [crypto.randomUUID(), crypto.randomUUID()];
    const last = await pushOk(app, token, clientId, [
      makeCreate(1, { id: a, name: '山田 花子', nameKana: 'ヤマダ ハナコ' }),
      makeCreate(2, { id: b, name: '佐藤 次郎', gender: 'male', age: 41 }),
      makeUpdate(3, a, { phone: '03-1111-2222' }, { phone: '090-1234-5678' }),
      makeDelete(4, b),
    ]);
    expect(last).toBe(4);

    const [first, second] = await rows();
    expect(first).toMatchObject({
      id: a,
      name: '山田 花子',
      name_kana: 'ヤマダ ハナコ',
      phone: '03-1111-2222',
      updated_by: 'admin',
    });
    expect(second).toMatchObject({ id: b, name: '佐藤 次郎', gender: 'male', age: 41, updated_by: 'admin' });
    expect(Number(second!.deleted)).toBe(1);
    // Each mutation has its own version; the rows carry the version of the last one that touched them.
    expect(Number(first!.version)).toBeLessThan(Number(second!.version));
    expect((await customerAudit()).map((r) => [r.action, r.entity_id, r.client_id])).toEqual([
      ['customer.create', a, clientId],
      ['customer.create', b, clientId],
      ['customer.update', a, clientId],
      ['customer.delete', b, clientId],
    ]);
  });

  it('answers the stored lastMutationId for an empty push', async () => {
    const { app } = getCtx();
    const token = await adminToken();
    const clientId = crypto.randomUUID();
    expect(await pushOk(app, token, clientId, [])).toBe(0);
    await pushOk(app, token, clientId, [makeCreate(1, { id: crypto.randomUUID() })]);
    expect(await pushOk(app, token, clientId, [])).toBe(1);
  });

  it('treats a replay of the same push as harmless', async () => {
    const { app } = getCtx();
    const token = await adminToken();
    const clientId = crypto.randomUUID();
    const id = crypto.randomUUID();
    const mutations = [makeCreate(1, { id }), makeUpdate(2, id, { email: 'hanako@example.jp' }, { email: '' })];
    expect(await pushOk(app, token, clientId, mutations)).toBe(2);
    const before = {
      rows: await rows(),
      audit: await customerAudit(),
      cookie: (await pull(app, token, clientId)).cookie,
    };

    expect(await pushOk(app, token, clientId, mutations)).toBe(2);
    expect(await rows()).toEqual(before.rows);
    expect(await customerAudit()).toEqual(before.audit);
    expect((await pull(app, token, clientId)).cookie).toBe(before.cookie);
  });

  it('applies only the new part of an overlapping replay', async () => {
    const { app } = getCtx();
    const token = await adminToken();
    const clientId = crypto.randomUUID();
    const ids = Array.from({ length: 7 }, () => crypto.randomUUID());
    await pushOk(
      app,
      token,
      clientId,
      [1, 2, 3].map((n) => makeCreate(n, { id: ids[n - 1]! })),
    );
    // Ids 2 and 3 arrive again (here with other records, so applying them again would show).
    const last = await pushOk(
      app,
      token,
      clientId,
      [2, 3, 4, 5].map((n) => makeCreate(n, { id: ids[n + 1]! })),
    );
    expect(last).toBe(5);
    expect((await rows()).map((r) => r.id)).toEqual([ids[0], ids[1], ids[2], ids[5], ids[6]]);
  });

  it('applies each mutation once when two pushes of one client arrive together', async () => {
    const { app } = getCtx();
    const token = await adminToken();
    const clientId = crypto.randomUUID();
    const ids = Array.from({ length: 20 }, () => crypto.randomUUID());
    const mutations = ids.map((id, i) => makeCreate(i + 1, { id }));
    // The page and the service worker's replay can deliver the same outbox at once.
    expect(
      await Promise.all([pushOk(app, token, clientId, mutations), pushOk(app, token, clientId, mutations)]),
    ).toEqual([20, 20]);
    expect((await rows()).map((r) => [r.id, Number(r.chart_number)])).toEqual(ids.map((id, i) => [id, i + 1]));
    expect(await customerAudit()).toHaveLength(20);
    expect((await pull(app, token, clientId)).rejections).toEqual([]);
  });

  it('refuses a gap with 409 OUT_OF_ORDER and keeps what came before it', async () => {
    const { app } = getCtx();
    const token = await adminToken();
    const clientId = crypto.randomUUID();
    const [a, b, c] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    await pushOk(app, token, clientId, [makeCreate(1, { id: a })]);

    const res = await push(app, token, clientId, [makeCreate(2, { id: b }), makeCreate(4, { id: c })]);
    expect(res.status).toBe(409);
    expect(res.body).toEqual(failure('OUT_OF_ORDER', PUSH_MESSAGES.outOfOrder(2)));
    expect((await rows()).map((r) => r.id)).toEqual([a, b]);
    expect((await pull(app, token, clientId)).lastMutationId).toBe(2);

    // The client resends from 3 and goes on.
    expect(await pushOk(app, token, clientId, [makeCreate(3, { id: c })])).toBe(3);
    expect((await rows()).map((r) => r.id)).toEqual([a, b, c]);
  });

  it('stores an invalid mutation as a rejection and still moves the queue on', async () => {
    const { app, db } = getCtx();
    const token = await adminToken();
    const clientId = crypto.randomUUID();
    const good = crypto.randomUUID();
    const emptyName = makeCreate(1, { id: crypto.randomUUID(), name: '  ' });
    const unknown = { id: 2, name: 'customer.merge', clientTime: '2026-11-22T09:00:00.000Z', args: { from: 'x' } };
    const badId = makeCreate(3, { id: 'not-a-uuid' });
    const noArgs = { id: 4, name: 'customer.delete', clientTime: '2026-11-22T09:00:00.000Z', args: null };
    expect(await pushOk(app, token, clientId, [emptyName, unknown, badId, noArgs, makeCreate(5, { id: good })])).toBe(
      5,
    );
    expect((await rows()).map((r) => r.id)).toEqual([good]);

    const pulled = await pull(app, token, clientId);
    expect(pulled.lastMutationId).toBe(5);
    expect(pulled.rejections.map(({ at: _at, ...r }) => r)).toEqual([
      { mutationId: 1, name: 'customer.create', args: emptyName.args, reason: '顧客名を入力してください' },
      { mutationId: 2, name: 'customer.merge', args: { from: 'x' }, reason: REJECTION_MESSAGES.unknownMutation },
      { mutationId: 3, name: 'customer.create', args: badId.args, reason: REJECTION_MESSAGES.invalidArgs },
      { mutationId: 4, name: 'customer.delete', args: null, reason: REJECTION_MESSAGES.invalidArgs },
    ]);
    expect((await listAudit(db, { action: 'sync.rejected' })).map((r) => r.client_id)).toEqual(Array(4).fill(clientId));

    // A replay stores nothing twice.
    await pushOk(app, token, clientId, [emptyName]);
    expect((await pull(app, token, clientId)).rejections).toHaveLength(4);
  });

  it('serves the supported range of protocol versions and refuses the rest without applying anything', async () => {
    const { app } = getCtx();
    const token = await adminToken();
    const clientId = crypto.randomUUID();
    const tooOld = failure('PROTOCOL_UNSUPPORTED', PROTOCOL_UNSUPPORTED_MESSAGE);
    const tooNew = failure('PROTOCOL_TOO_NEW', PROTOCOL_TOO_NEW_MESSAGE);
    for (const [version, status, body] of [
      [MIN_SUPPORTED_PROTOCOL_VERSION - 1, 400, tooOld],
      [PROTOCOL_VERSION + 1, 503, tooNew],
    ] as const) {
      const pushed = await push(app, token, clientId, [makeCreate(1, { id: crypto.randomUUID() })], version);
      expect([pushed.status, pushed.body]).toEqual([status, body]);
      const pulled = await pullRaw(app, token, clientId, 0, version);
      expect([pulled.status, pulled.body]).toEqual([status, body]);
    }
    expect(await rows()).toEqual([]);
    // Every version of the range is served.
    for (let version = MIN_SUPPORTED_PROTOCOL_VERSION; version <= PROTOCOL_VERSION; version += 1) {
      const next = (await pull(app, token, clientId)).lastMutationId + 1;
      expect((await push(app, token, clientId, [makeCreate(next, { id: crypto.randomUUID() })], version)).status).toBe(
        200,
      );
      expect((await pullRaw(app, token, clientId, 0, version)).status).toBe(200);
    }
  });

  it('answers a bad body with 400 and a Japanese message, and changes nothing', async () => {
    const { app, db } = getCtx();
    const token = await adminToken();
    const clientId = crypto.randomUUID();
    const valid = { protocolVersion: 1, clientId, mutations: [makeCreate(1, { id: crypto.randomUUID() })] };
    const cases: [string, unknown, string | RegExp][] = [
      ['/push', { ...valid, clientId: 'abc' }, 'クライアントIDが正しくありません'],
      ['/push', '{"protocolVersion": 1,', 'リクエストの形式が正しくありません'],
      [
        '/push',
        { ...valid, mutations: Array.from({ length: 501 }, (_, i) => makeCreate(i + 1, { id: crypto.randomUUID() })) },
        '一度に送信できる変更は500件までです',
      ],
      ['/push', {}, JAPANESE],
      ['/push', { ...valid, mutations: [{ ...valid.mutations[0], id: 0 }] }, JAPANESE],
      ['/push', { ...valid, mutations: 'many' }, JAPANESE],
      ['/pull', { protocolVersion: 1, clientId, cookie: -1 }, JAPANESE],
      ['/pull', { protocolVersion: 1, clientId }, JAPANESE],
    ];
    for (const [path, body, message] of cases) {
      const res = await call(app, 'POST', `/api/sync${path}`, { token, body });
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body).toMatchObject({ success: false, data: null, code: 'VALIDATION_ERROR' });
      expect(res.body.message).toMatch(message);
      expect(res.body.error).toBe(res.body.message);
    }
    expect(await rows()).toEqual([]);
    expect(await db.selectFrom('sync_clients').selectAll().execute()).toEqual([]);
  });

  it('answers 401 without a token', async () => {
    const { app } = getCtx();
    const clientId = crypto.randomUUID();
    const pushed = await push(app, undefined, clientId, [makeCreate(1, { id: crypto.randomUUID() })]);
    expect(pushed.status).toBe(401);
    expect(pushed.body).toEqual(UNAUTHORIZED);
    const pulled = await pullRaw(app, undefined, clientId, 0);
    expect(pulled.status).toBe(401);
    expect(pulled.body).toEqual(UNAUTHORIZED);
    expect(await rows()).toEqual([]);
  });

  describe('what a device types', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('is stored normalised: full-width age, phone and e-mail half-width, a 和暦 birth date as YYYY-MM-DD', async () => {
      const { app } = getCtx();
      useFakeDate('2026-11-22T09:00:00.000Z');
      const token = await adminToken();
      const clientId = crypto.randomUUID();
      const id = crypto.randomUUID();
      await pushOk(app, token, clientId, [
        makeCreate(1, {
          id,
          age: '３５',
          phone: '０９０ー１２３４ー５６７８',
          email: 'ｈａｎａｋｏ＠ｅｘａｍｐｌｅ．ｊｐ',
          birthDate: 'S60.4.1',
        }),
      ]);
      const [created] = await rows();
      expect(created).toMatchObject({ phone: '090-1234-5678', email: 'hanako@example.jp', birth_date: '1985-04-01' });
      expect(Number(created!.age)).toBe(35);

      const typed = { birthDate: '平成元年１月８日', age: '４０' };
      await pushOk(app, token, clientId, [
        {
          id: 2,
          name: 'customer.update',
          clientTime: CLIENT_TIME,
          args: { id, patch: typed, base: { birthDate: '1985-04-01', age: 35 } },
        },
      ]);
      const { changes, conflicts } = await pull(app, token, clientId);
      // The pull carries the stored row as it is: the age as typed beside the birth date.
      expect(changes.customers.map((c) => [c.age, c.birthDate, c.phone])).toEqual([
        [40, '1989-01-08', '090-1234-5678'],
      ]);
      expect(conflicts).toEqual([]);
    });

    it('is refused with the field’s message when it is no birth date or no age', async () => {
      const { app } = getCtx();
      useFakeDate('2026-11-22T09:00:00.000Z');
      const token = await adminToken();
      const clientId = crypto.randomUUID();
      const id = crypto.randomUUID();
      const mutations = [
        makeCreate(1, { id: crypto.randomUUID(), birthDate: '1985-02-30' }),
        makeCreate(2, { id: crypto.randomUUID(), birthDate: '2026-11-23' }),
        makeCreate(3, { id: crypto.randomUUID(), birthDate: '昭和65年1月1日' }),
        makeCreate(4, { id: crypto.randomUUID(), age: '２００' }),
        makeCreate(5, { id: crypto.randomUUID(), age: '35歳' }),
        makeCreate(6, { id, birthDate: '1985-04-01' }),
        makeUpdate(7, id, { birthDate: '1899-12-31' }, { birthDate: '1985-04-01' }),
      ];
      expect(await pushOk(app, token, clientId, mutations)).toBe(7);
      expect((await pull(app, token, clientId)).rejections.map((r) => [r.mutationId, r.reason])).toEqual([
        [1, CUSTOMER_MESSAGES.birthDateNonexistent],
        [2, CUSTOMER_MESSAGES.birthDateFuture],
        [3, CUSTOMER_MESSAGES.birthDateOutsideEra],
        [4, CUSTOMER_MESSAGES.ageInvalid],
        [5, CUSTOMER_MESSAGES.ageInvalid],
        [7, CUSTOMER_MESSAGES.birthDateTooOld],
      ]);
      expect((await rows()).map((r) => [r.id, r.birth_date])).toEqual([[id, '1985-04-01']]);
    });

    it('from an app of protocol 1, which knows no birth date: a create stores none, an update leaves it', async () => {
      const { app } = getCtx();
      const token = await adminToken();
      const clientId = crypto.randomUUID();
      const [a, b] = [crypto.randomUUID(), crypto.randomUUID()];
      await pushOk(app, token, clientId, [makeCreate(1, { id: a }), makeCreate(2, { id: b, birthDate: '1985-04-01' })]);
      const older = [
        makeCreate(3, { id: crypto.randomUUID(), age: 41 }),
        makeUpdate(4, b, { name: '山田 花' }, { name: '山田 花子' }),
      ];
      expect((await push(app, token, clientId, older, 1)).status).toBe(200);
      expect((await rows()).map((r) => r.birth_date)).toEqual([null, '1985-04-01', null]);
      expect((await pull(app, token, clientId)).rejections).toEqual([]);
    });
  });

  describe('staff and admin', () => {
    it('both sync, each on their own client, and see each other’s changes', async () => {
      const { app, staff } = getCtx();
      const adminT = await adminToken();
      const staffT = await tokenOf(app, staff);
      const [adminClient, staffClient] = [crypto.randomUUID(), crypto.randomUUID()];
      const [a, b] = [crypto.randomUUID(), crypto.randomUUID()];
      await pushOk(app, staffT, staffClient, [makeCreate(1, { id: a, name: 'スタッフ登録' })]);
      await pushOk(app, adminT, adminClient, [makeCreate(1, { id: b, name: '管理者登録' })]);

      for (const [token, clientId] of [
        [staffT, staffClient],
        [adminT, adminClient],
      ] as const) {
        const { changes, lastMutationId } = await pull(app, token, clientId);
        expect(lastMutationId).toBe(1);
        expect(changes.customers.map((c) => [c.id, c.updatedBy])).toEqual([
          [a, 'staff1'],
          [b, 'admin'],
        ]);
      }
    });
  });
});
