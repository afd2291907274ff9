import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDb } from '../db/connect';
import { describeEachDatabase } from '../test/harness';
import { serverMutators } from './server-entities';
import { makeCreate, pull, push, pushOk, tokenOf, deviceProof } from './sync-test-helpers';

/*
 * "Acknowledged means on disk" cannot be proven without cutting the power. What can be checked here:
 * the app's SQLite connection fsyncs every commit (synchronous=FULL), and a push is one commit, so the
 * answer comes only after all of it (and only it) is durable; PostgreSQL fsyncs at commit by itself.
 */
describe('the app’s SQLite connection', () => {
  it('runs with synchronous=FULL in WAL mode, so each commit is fsynced before it returns', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'clinic-durable-'));
    const db = createDb({ dataDir: dir });
    try {
      const pragma = async (name: string) =>
        Object.values((await sql.raw(`pragma ${name}`).execute(db)).rows[0] as object)[0];
      expect(await pragma('journal_mode')).toBe('wal');
      expect(await pragma('synchronous')).toBe(2); // 2 = FULL (NORMAL, 1, may lose the last commits in a power cut)
    } finally {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describeEachDatabase('sync push: one transaction per push', (getCtx) => {
  const customers = () => getCtx().db.selectFrom('customers').select('id').orderBy('chart_number').execute();
  const adminToken = () => tokenOf(getCtx().app, getCtx().admin);

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('opens one transaction for a push of 20 mutations with a rejected one among them', async () => {
    const { app, db } = getCtx();
    const token = await adminToken();
    const clientId = crypto.randomUUID();
    await deviceProof(app, token, clientId); // the device registered at its first sync
    const transactions = vi.spyOn(db, 'transaction');
    const mutations = Array.from({ length: 20 }, (_, i) =>
      makeCreate(i + 1, { id: i === 9 ? 'not-a-uuid' : crypto.randomUUID() }),
    );
    expect(await pushOk(app, token, clientId, mutations)).toBe(20);
    expect(transactions).toHaveBeenCalledTimes(1);
    expect(await customers()).toHaveLength(19);
  });

  it('a database failure in the middle undoes the whole push, rejection included; the resend then stores each once', async () => {
    const { app } = getCtx();
    const token = await adminToken();
    const clientId = crypto.randomUUID();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const ids = [crypto.randomUUID(), 'not-a-uuid', crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    const mutations = ids.map((id, i) => makeCreate(i + 1, { id }));
    // The 3rd create that reaches the mutator (mutation 4) meets a full disk.
    const create = serverMutators['customer.create'];
    let calls = 0;
    vi.spyOn(serverMutators, 'customer.create').mockImplementation(async (ctx, args) => {
      calls += 1;
      if (calls === 3) throw Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
      return create(ctx, args);
    });

    // A full disk is answered 507 (the tablet keeps its outbox and sends again).
    expect((await push(app, token, clientId, mutations)).status).toBe(507);
    // Nothing of it was acknowledged and nothing of it stays: no rows, no rejection, no advance.
    const before = await pull(app, token, clientId);
    expect([before.lastMutationId, before.rejections]).toEqual([0, []]);
    expect(await customers()).toEqual([]);

    expect(await pushOk(app, token, clientId, mutations)).toBe(5);
    const after = await pull(app, token, clientId);
    expect(after.rejections.map((r) => r.mutationId)).toEqual([2]);
    expect((await customers()).map((r) => r.id)).toEqual([ids[0], ids[2], ids[3], ids[4]]);
  });
});
