import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { PREPARED_PER_CONNECTION, preparedStatementPool } from './pg-prepared';

/** A pg pool of one client that records what each query sent (the real server runs in the api suite with DATABASE_URL). */
function fakePool() {
  const sent: Array<{ name?: string; text: string; values?: unknown[] }> = [];
  const client = {
    query: (config: { name?: string; text: string; values?: unknown[] }) => {
      sent.push(config);
      return Promise.resolve({ command: 'SELECT', rowCount: 0, rows: [] });
    },
    release: () => undefined,
  };
  const pool = { connect: () => Promise.resolve(client), end: () => Promise.resolve() } as unknown as pg.Pool;
  return { pool, sent };
}

describe('preparedStatementPool', () => {
  it('names a data statement after its text, the same name each time, and leaves transaction commands unnamed', async () => {
    const { pool, sent } = fakePool();
    const prepared = preparedStatementPool(pool);
    const client = await prepared.connect();
    expect(await prepared.connect()).toBe(client); // Kysely keeps its connection per client object
    await client.query('select * from customers where id = $1', ['a']);
    await client.query('select * from customers where id = $1', ['b']);
    await client.query('insert into audit_log (id) values ($1)', [1]);
    await client.query('begin', []);
    await client.query('savepoint mutation', []);
    const [first, again, insert, begin, savepoint] = sent;
    expect(first?.name).toMatch(/^k[\w-]+$/);
    expect(again).toEqual({ name: first?.name, text: 'select * from customers where id = $1', values: ['b'] });
    expect(insert?.name).toMatch(/^k[\w-]+$/);
    expect(insert?.name).not.toBe(first?.name);
    expect(begin?.name).toBeUndefined();
    expect(savepoint?.name).toBeUndefined();
  });

  it('stops naming new statements on a connection past its limit, and keeps using those it named', async () => {
    const { pool, sent } = fakePool();
    const client = await preparedStatementPool(pool).connect();
    for (let i = 0; i <= PREPARED_PER_CONNECTION; i++) await client.query(`select ${i}`, []);
    await client.query('select 0', []);
    expect(sent.filter((q) => q.name).length).toBe(PREPARED_PER_CONNECTION + 1);
    expect(sent[PREPARED_PER_CONNECTION]?.name).toBeUndefined();
    expect(sent.at(-1)?.name).toBe(sent[0]?.name);
  });
});
