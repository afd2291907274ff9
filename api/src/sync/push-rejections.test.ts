import { TEXT_MESSAGES, mutationSchema } from '@clinic/sync-protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listAudit } from '../audit/audit.repository';
import { isPostgres } from '../db/dialect';
import { describeEachDatabase } from '../test/harness';
import { REJECTION_MESSAGES } from './mutator-context';
import { ENTITY_ID_MAX_LENGTH, MUTATION_NAME_MAX_LENGTH, PUSH_MESSAGES } from './push.service';
import { SAFE_ARGS_LIMITS } from './safe-args';
import { serverMutators } from './server-entities';
import { CLIENT_TIME, deepJson, makeCreate, pull, push, pushOk, pushRaw, pushText, tokenOf } from './sync-test-helpers';

/** Pushes whose content is hostile or broken: each becomes a stored rejection and the queue moves on. */
describeEachDatabase('sync push: hostile input', (getCtx) => {
  const rows = () => getCtx().db.selectFrom('customers').selectAll().orderBy('chart_number').execute();
  const adminToken = () => tokenOf(getCtx().app, getCtx().admin);

  describe('recording a rejection never fails', () => {
    const rejectedAudit = async () =>
      (await listAudit(getCtx().db, { action: 'sync.rejected' })).map((r) => r.entity_id);
    const lastOf = async (clientId: string) => (await pull(getCtx().app, await adminToken(), clientId)).lastMutationId;

    afterEach(() => {
      vi.restoreAllMocks();
    });

    it('whatever args.id holds', async () => {
      const { app } = getCtx();
      const token = await adminToken();
      const clientId = crypto.randomUUID();
      const longId = 'x'.repeat(10_000);
      const mutations = [{ toString: 1 }, {}, longId, 12, null].map((id, i) => ({
        id: i + 1,
        name: 'customer.delete',
        clientTime: CLIENT_TIME,
        args: { id },
      }));
      expect(await pushOk(app, token, clientId, mutations)).toBe(5);
      const { rejections } = await pull(app, token, clientId);
      expect(rejections.map((r) => [r.args, r.reason])).toEqual(
        mutations.map((m) => [m.args, REJECTION_MESSAGES.invalidArgs]),
      );
      // Only a string is an entity id; a long one is cut to what the column should hold.
      expect(await rejectedAudit()).toEqual([null, null, longId.slice(0, ENTITY_ID_MAX_LENGTH), null, null]);
    });

    it('for args nested deeper than the cut but within the body bound, which are kept cut', async () => {
      const { app } = getCtx();
      const token = await adminToken();
      const clientId = crypto.randomUUID();
      const kept = crypto.randomUUID();
      const deep = SAFE_ARGS_LIMITS.maxDepth + 10;
      const body = pushText(clientId, [
        { id: 1, name: 'customer.create', argsJson: deepJson(deep) },
        { id: 2, name: 'customer.update', argsJson: `{"id":"${kept}","patch":${deepJson(deep, '{}')},"base":{}}` },
        { id: 3, name: 'customer.merge', argsJson: deepJson(deep, '"x"') },
        // Valid fields with deep junk beside them: the junk is not part of the args and is ignored.
        {
          id: 4,
          name: 'customer.create',
          argsJson: `{"id":"${kept}","name":"山田 花子","phone":"03-1111-2222","junk":${deepJson(deep)}}`,
        },
      ]);
      const res = await pushRaw(app, token, body, clientId);
      expect([res.status, res.body.data]).toEqual([200, { lastMutationId: 4, epoch: expect.any(String) }]);
      expect((await rows()).map((r) => r.id)).toEqual([kept]);
      const { rejections } = await pull(app, token, clientId);
      expect(rejections.map((r) => [r.mutationId, r.reason])).toEqual([
        [1, REJECTION_MESSAGES.invalidArgs],
        [2, REJECTION_MESSAGES.invalidArgs],
        [3, REJECTION_MESSAGES.unknownMutation],
      ]);
      expect(rejections[0]!.args).toMatchObject({ truncated: true, reason: 'depth' });
      expect(JSON.stringify(rejections[1]!.args)).toContain(kept);
    });

    it('for args near the push body limit, which are kept as a marker with each field’s start', async () => {
      const { app } = getCtx();
      const token = await adminToken();
      const clientId = crypto.randomUUID();
      const id = crypto.randomUUID();
      const history = '既往歴'.repeat(800_000); // ~7 MB of UTF-8
      expect(await pushOk(app, token, clientId, [makeCreate(1, { id, medicalHistory: history })])).toBe(1);
      const [rejection] = (await pull(app, token, clientId)).rejections;
      expect(rejection!.reason).toBe('既往歴は2000文字以内で入力してください');
      expect(rejection!.args).toEqual({
        truncated: true,
        reason: 'size',
        kept: {
          name: '山田 花子',
          phone: '090-1234-5678',
          id,
          medicalHistory: history.slice(0, SAFE_ARGS_LIMITS.previewChars),
        },
      });
      expect(JSON.stringify(rejection!.args).length).toBeLessThan(SAFE_ARGS_LIMITS.maxBytes);
    });

    it('for any mutation name', async () => {
      const { app } = getCtx();
      const token = await adminToken();
      const clientId = crypto.randomUUID();
      const names = [
        'n'.repeat(100_000),
        'a\u0000b',
        'a\ud800b',
        '__proto__',
        'constructor',
        'toString',
        'customer.',
        '.',
        ' customer.create',
        '😀'.repeat(100),
      ];
      const mutations = names.map((name, i) => ({
        id: i + 1,
        name,
        clientTime: CLIENT_TIME,
        args: { id: crypto.randomUUID() },
      }));
      expect(await pushOk(app, token, clientId, mutations)).toBe(names.length);
      const { rejections } = await pull(app, token, clientId);
      expect(rejections.map((r) => r.reason)).toEqual(names.map(() => REJECTION_MESSAGES.unknownMutation));
      // Stored as a text column can hold it: capped, NUL and lone surrogates replaced.
      expect(rejections.map((r) => r.name)).toEqual([
        'n'.repeat(MUTATION_NAME_MAX_LENGTH),
        'a\ufffdb',
        'a\ufffdb',
        '__proto__',
        'constructor',
        'toString',
        'customer.',
        '.',
        ' customer.create',
        '😀'.repeat(MUTATION_NAME_MAX_LENGTH / 2),
      ]);
    });

    it('for text with a character that cannot be stored, refused with a message', async () => {
      const { app } = getCtx();
      const token = await adminToken();
      const clientId = crypto.randomUUID();
      const mutations = [
        makeCreate(1, { id: crypto.randomUUID(), name: 'a\ud800b' }),
        makeCreate(2, { id: crypto.randomUUID(), address: 'a\u0000b' }),
      ];
      expect(await pushOk(app, token, clientId, mutations)).toBe(2);
      expect((await pull(app, token, clientId)).rejections.map((r) => r.reason)).toEqual([
        TEXT_MESSAGES.unusableChar,
        TEXT_MESSAGES.unusableChar,
      ]);
      expect(await rows()).toEqual([]);
    });

    it('when parsing the args throws (a stack overflow in the schema)', async () => {
      const { app } = getCtx();
      const token = await adminToken();
      const clientId = crypto.randomUUID();
      vi.spyOn(mutationSchema, 'safeParse').mockImplementationOnce(() => {
        throw new RangeError('Maximum call stack size exceeded');
      });
      expect(
        await pushOk(app, token, clientId, [
          makeCreate(1, { id: crypto.randomUUID() }),
          makeCreate(2, { id: crypto.randomUUID() }),
        ]),
      ).toBe(2);
      expect((await pull(app, token, clientId)).rejections.map((r) => [r.mutationId, r.reason])).toEqual([
        [1, REJECTION_MESSAGES.invalidArgs],
      ]);
      expect(await rows()).toHaveLength(1);
    });

    it('when a mutator fails on its input after writing: its writes are undone and it becomes a rejection', async () => {
      const { app, db } = getCtx();
      const token = await adminToken();
      const clientId = crypto.randomUUID();
      const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const create = serverMutators['customer.create'];
      const [a, b] = [crypto.randomUUID(), crypto.randomUUID()];
      // Fails on `a` every time, as a fault in a mutator would (the push tries it twice: see applyPush).
      vi.spyOn(serverMutators, 'customer.create').mockImplementation(async (ctx, args) => {
        const row = await create(ctx, args);
        if (args.id === a) throw new TypeError("Cannot read properties of undefined (reading 'x')");
        return row;
      });
      expect(await pushOk(app, token, clientId, [makeCreate(1, { id: a }), makeCreate(2, { id: b })])).toBe(2);
      const [rejection] = (await pull(app, token, clientId)).rejections;
      expect([rejection!.mutationId, rejection!.reason]).toEqual([1, PUSH_MESSAGES.notApplied]);
      // The failed create left no row and no audit entry. Its カルテ番号 is given back on SQLite (a counter
      // row, rolled back with the savepoint); a PostgreSQL sequence never gives a number back (each
      // attempt at `a` took one).
      expect((await rows()).map((r) => [r.id, Number(r.chart_number)])).toEqual([[b, isPostgres(db) ? 3 : 1]]);
      expect((await listAudit(db, { entityId: a })).map((r) => r.action)).toEqual(['sync.rejected']);
      expect(log).toHaveBeenCalled();
    });

    it('but a transient database failure fails the push, so the client sends it again', async () => {
      const { app } = getCtx();
      const token = await adminToken();
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const busy = Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
      const serialization = Object.assign(new Error('could not serialize access'), { code: '40001' });
      for (const transient of [busy, serialization]) {
        const clientId = crypto.randomUUID();
        vi.spyOn(serverMutators, 'customer.create').mockRejectedValueOnce(transient);
        const mutations = [makeCreate(1, { id: crypto.randomUUID() })];
        expect((await push(app, token, clientId, mutations)).status).toBe(500);
        expect(await lastOf(clientId)).toBe(0);
        expect(await pushOk(app, token, clientId, mutations)).toBe(1);
        expect((await pull(app, token, clientId)).rejections).toEqual([]);
      }
      expect(await rows()).toHaveLength(2);
    });
  });
});
