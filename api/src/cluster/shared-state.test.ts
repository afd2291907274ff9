import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import { testDatabases } from '../test/databases';
import { type SharedState, memoryState, postgresState } from './shared-state';

const MINUTE = 60_000;

/** A clock the test moves by hand. */
function clock(start = Date.parse('2026-12-02T03:00:00Z')) {
  let at = start;
  return { now: () => new Date(at), advance: (ms: number) => (at += ms) };
}

/** The same behaviour from memory (one process) and from every PostgreSQL the suite has. */
const postgresDatabases = testDatabases.filter((d) => d.name !== 'sqlite');
const sides: Array<{ name: string; make: (now: () => Date) => SharedState }> = [
  { name: 'memory', make: (now) => memoryState(now) },
  ...postgresDatabases.map((database) => ({
    name: database.name,
    make: (now: () => Date) => postgresState(dbs.get(database.name)!, now),
  })),
];
const dbs = new Map<string, Kysely<Database>>();
const closers: Array<() => Promise<void>> = [];

beforeAll(async () => {
  for (const database of postgresDatabases) {
    const opened = await database.open();
    await opened.migrate();
    dbs.set(database.name, opened.db);
    closers.push(() => opened.close());
  }
}, 120_000);
afterAll(async () => {
  for (const close of closers) await close();
});

describe.each(sides)('shared state ($name)', ({ make }) => {
  it('counts in a fixed window, opens a new one when it is over, and keeps keys apart', async () => {
    const time = clock();
    const state = make(time.now);
    const key = `k-${crypto.randomUUID()}`;
    expect(await state.get(key, 15 * MINUTE)).toMatchObject({ count: 0 });
    const first = await state.add(key, 1, 15 * MINUTE);
    expect(first).toEqual({ count: 1, start: time.now().getTime() });
    time.advance(5 * MINUTE);
    expect(await state.add(key, 2, 15 * MINUTE)).toEqual({ count: 3, start: first!.start });
    expect((await state.get(`${key}-other`, 15 * MINUTE)).count).toBe(0);
    time.advance(10 * MINUTE);
    expect((await state.get(key, 15 * MINUTE)).count).toBe(0);
    expect(await state.add(key, 1, 15 * MINUTE)).toEqual({ count: 1, start: time.now().getTime() });
  });

  it('adds nothing past a limit and says so', async () => {
    const state = make(clock().now);
    const key = `k-${crypto.randomUUID()}`;
    expect(await state.add(key, 7, MINUTE, 10)).toMatchObject({ count: 7 });
    expect(await state.add(key, 4, MINUTE, 10)).toBeNull();
    expect((await state.get(key, MINUTE)).count).toBe(7);
    expect(await state.add(key, 3, MINUTE, 10)).toMatchObject({ count: 10 });
    expect(await state.add(key, 11, MINUTE, 10)).toBeNull();
  });

  it('stamps a key anew: its window starts at the latest stamp', async () => {
    const time = clock();
    const state = make(time.now);
    const key = `k-${crypto.randomUUID()}`;
    await state.stamp(key);
    time.advance(20 * MINUTE);
    await state.stamp(key);
    time.advance(20 * MINUTE);
    expect((await state.get(key, 30 * MINUTE)).count).toBe(1);
    time.advance(11 * MINUTE);
    expect((await state.get(key, 30 * MINUTE)).count).toBe(0);
  });
});

describe.each(postgresDatabases.map((d) => ({ name: d.name })))('shared state across processes ($name)', ({ name }) => {
  it('lets several processes together take a limit exactly once, however their adds interleave', async () => {
    const time = clock();
    // Three processes' states on one database: each its own object, nothing in memory shared.
    const processes = [0, 1, 2].map(() => postgresState(dbs.get(name)!, time.now));
    const key = `k-${crypto.randomUUID()}`;
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => processes[i % 3]!.add(key, 1, MINUTE, 10)));
    expect(results.filter((r) => r !== null)).toHaveLength(10);
    expect((await processes[1]!.get(key, MINUTE)).count).toBe(10);
  });
});
