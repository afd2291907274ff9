import SqliteDatabase from 'better-sqlite3';
import { type Driver, Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { FairSqliteDialect, FifoLock } from './fair-sqlite';

describe('FifoLock', () => {
  it('hands the lock to waiters in the order they asked, a newcomer after them', async () => {
    const lock = new FifoLock();
    const order: string[] = [];
    await lock.lock();
    const waiters = ['a', 'b', 'c'].map((name) =>
      lock
        .lock()
        .then(() => order.push(name))
        .then(() => lock.unlock()),
    );
    lock.unlock();
    // Asks in the same tick as the release, before any waiter has run: it must still wait its turn.
    const late = lock
      .lock()
      .then(() => order.push('late'))
      .then(() => lock.unlock());
    await Promise.all([...waiters, late]);
    expect(order).toEqual(['a', 'b', 'c', 'late']);
    expect(lock.waiting).toBe(0);
  });
});

describe('FairSqliteDialect', () => {
  const drivers: Driver[] = [];
  const open = async () => {
    const driver = new FairSqliteDialect({ database: new SqliteDatabase(':memory:') }).createDriver();
    await driver.init();
    drivers.push(driver);
    return driver;
  };
  afterEach(async () => {
    await Promise.all(drivers.splice(0).map((d) => d.destroy()));
  });

  // Kysely's own SqliteDriver serves 'again' first here: its mutex is free for whoever asks before the
  // woken waiters run, so a request that keeps asking starves those already waiting.
  it('serves the single connection first come, first served', async () => {
    const driver = await open();
    const order: string[] = [];
    const take = (name: string) =>
      driver.acquireConnection().then(async (connection) => {
        order.push(name);
        await driver.releaseConnection(connection);
      });
    const held = await driver.acquireConnection();
    const waiting = [take('first'), take('second'), take('third')];
    void driver.releaseConnection(held);
    // The holder asks again at once (as a request's next query does): it goes behind the others.
    const again = take('again');
    await Promise.all([...waiting, again]);
    expect(order).toEqual(['first', 'second', 'third', 'again']);
  });

  it('runs queries, transactions and savepoints through Kysely as before', async () => {
    const db = new Kysely<{ t: { id: number; v: string } }>({
      dialect: new FairSqliteDialect({ database: new SqliteDatabase(':memory:') }),
    });
    try {
      await sql`create table t (id integer primary key, v text)`.execute(db);
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('t').values({ id: 1, v: 'kept' }).execute();
        // Raw savepoints, as the push does.
        await sql`savepoint s`.execute(trx);
        await trx.insertInto('t').values({ id: 2, v: 'undone' }).execute();
        await sql`rollback to savepoint s`.execute(trx);
      });
      await expect(
        db.transaction().execute(async (trx) => {
          await trx.insertInto('t').values({ id: 3, v: 'rolled back' }).execute();
          throw new Error('stop');
        }),
      ).rejects.toThrow('stop');
      // Many at once: each gets the connection in turn, none is lost.
      const values = await Promise.all(
        Array.from({ length: 50 }, () => db.selectFrom('t').select('v').executeTakeFirstOrThrow()),
      );
      expect(new Set(values.map((r) => r.v))).toEqual(new Set(['kept']));
      expect(await db.selectFrom('t').select('id').execute()).toEqual([{ id: 1 }]);
    } finally {
      await db.destroy();
    }
  });
});
