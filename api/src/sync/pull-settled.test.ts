import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import type { Database } from '../db/database';
import { testDatabases, wipe } from '../test/databases';
import { type TestCtx, describeEachDatabase, seedUser, testConfig } from '../test/harness';
import { currentCounter, nextCounter, settledVersion } from './counters.repository';
import { serverMutators } from './server-entities';
import { makeCreate, pull, pushOk, tokenOf } from './sync-test-helpers';

const ADMIN = {
  username: 'admin',
  email: 'admin@clinic.local',
  password: 'admin-password-123',
  role: 'admin',
} as const;
const ids = (answer: { changes: { customers: Array<{ id: string }> } }) => answer.changes.customers.map((c) => c.id);

describeEachDatabase('pull: how far it reads', (getCtx) => {
  it('reads up to the last version when no push is in flight, and knows the client’s own last one', async () => {
    const { app, db, admin } = getCtx();
    const token = await tokenOf(app, admin);
    const clientId = crypto.randomUUID();
    expect(
      await pushOk(app, token, clientId, [
        makeCreate(1, { id: crypto.randomUUID() }),
        makeCreate(2, { id: crypto.randomUUID() }),
      ]),
    ).toBe(2);
    const latest = await currentCounter(db, 'version');
    expect(await settledVersion(db, clientId)).toEqual({
      version: latest,
      client: { lastMutationId: 2, lastVersion: latest },
    });
    expect((await pull(app, token, clientId)).cookie).toBe(latest);
  });
});

/**
 * Pushes side by side, which only a PostgreSQL server has (SQLite has one writer; PGlite one connection):
 * a push is held open in a transaction of the test's own while others commit.
 */
describe.each(testDatabases.filter((d) => d.name === 'postgres'))(
  'pull beside pushes still in flight [$name]',
  (database) => {
    let handle: Awaited<ReturnType<typeof database.open>> | undefined;
    let ctx: Pick<TestCtx, 'db' | 'app'> & { token: string; admin: { id: string; username: string } };
    beforeAll(async () => {
      handle = await database.open();
      await handle.migrate();
    });
    afterAll(async () => handle?.close());
    beforeEach(async () => {
      await wipe(handle!.db);
      const admin = await seedUser(handle!.db, ADMIN);
      const app = createApp({ db: handle!.db, config: testConfig });
      ctx = { db: handle!.db, app, admin, token: await tokenOf(app, admin) };
    });

    /** A push that has taken its version and written its customer, not yet committed. */
    async function pushInFlight(db: Kysely<Database>) {
      const trx = await db.startTransaction().execute();
      const version = await nextCounter(trx, 'version');
      const id = crypto.randomUUID();
      await serverMutators['customer.create'](
        { trx, version, now: new Date().toISOString(), user: ctx.admin, clientId: null, mutationId: null, ip: null },
        {
          id,
          name: '遅い 端末',
          nameKana: 'オソイ タンマツ',
          phone: '090-0000-0000',
          age: null,
          birthDate: null,
          gender: 'unset',
          email: '',
          address: '',
          medicalHistory: '',
        },
      );
      return { id, version, commit: () => trx.commit().execute() };
    }

    it('never passes over a version that commits after a later one', async () => {
      const { app, db, token } = ctx;
      const slow = await pushInFlight(db);
      const fast = crypto.randomUUID();
      await pushOk(app, token, crypto.randomUUID(), [makeCreate(1, { id: fast })]);

      // Another device pulls meanwhile: it stops below the push still in flight.
      const reader = crypto.randomUUID();
      const first = await pull(app, token, reader);
      expect(first.cookie).toBeLessThan(slow.version);
      expect(ids(first)).toEqual([]);

      await slow.commit();
      const second = await pull(app, token, reader, first.cookie);
      expect(ids(second).sort()).toEqual([slow.id, fast].sort());
    });

    it('waits for an earlier push still in flight, so a device’s own changes are in the pull that acknowledges them', async () => {
      const { app, db, token } = ctx;
      const slow = await pushInFlight(db);
      const device = crypto.randomUUID();
      const own = crypto.randomUUID();
      expect(await pushOk(app, token, device, [makeCreate(1, { id: own })])).toBe(1);

      const pulling = pull(app, token, device);
      // Deterministic, not timed: the pull is seen waiting on the in-flight push's mark before it commits.
      const waiting = waitUntil(
        async () =>
          (
            await sql<{
              n: string;
            }>`select count(*) as n from pg_locks where locktype = 'advisory' and not granted`.execute(db)
          ).rows[0]?.n !== '0',
      );
      const answeredEarly = pulling.then(() => {
        throw new Error('the pull answered while an earlier push was still in flight');
      });
      await Promise.race([waiting, answeredEarly]);
      answeredEarly.catch(() => undefined);
      await slow.commit();
      const answer = await pulling;
      expect(answer.lastMutationId).toBe(1);
      expect(ids(answer)).toContain(own);
      expect(ids(answer)).toContain(slow.id);
    });
  },
);

async function waitUntil(check: () => Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 10));
}
