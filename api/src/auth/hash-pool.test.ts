import { describe, expect, it } from 'vitest';
import { HashLaneFull, hashPool } from './hash-pool';

/** A check that runs until the test lets it finish, noting when it started. */
function gated(log: string[], name: string) {
  let finish: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { work: () => (log.push(name), done.then(() => name)), finish };
}

const turn = (lane: string, standing = 0, maxPending = 4) => ({ lane, standing, maxPending });
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the password checks’ pool', () => {
  it('refuses one more check of an address that has its share running or waiting, before it runs', async () => {
    const pool = hashPool(1, 32);
    const log: string[] = [];
    const checks = Array.from({ length: 4 }, (_, i) => gated(log, `flood${i}`));
    const running = checks.map((check) => pool.run(check.work, turn('203.0.113.7')));
    await expect(pool.run(gated(log, 'flood4').work, turn('203.0.113.7'))).rejects.toBeInstanceOf(HashLaneFull);
    expect(log).toEqual(['flood0']);
    for (const check of checks) check.finish();
    expect(await Promise.all(running)).toEqual(['flood0', 'flood1', 'flood2', 'flood3']);
    expect(pool.started).toBe(4);
  });

  it('gives a freed slot to another address before the flood’s waiting checks, and to a known address first', async () => {
    const pool = hashPool(1, 32);
    const log: string[] = [];
    const flood = Array.from({ length: 4 }, (_, i) => gated(log, `flood${i}`));
    const floodRuns = flood.map((check) => pool.run(check.work, turn('203.0.113.7', 5)));
    const stranger = gated(log, 'stranger');
    const strangerRun = pool.run(stranger.work, turn('198.51.100.9', 0));
    const person = gated(log, 'person');
    const personRun = pool.run(person.work, turn('198.51.100.20', -1));
    flood[0]!.finish();
    await tick();
    expect(log).toEqual(['flood0', 'person']);
    person.finish();
    await personRun;
    await tick();
    expect(log).toEqual(['flood0', 'person', 'stranger']);
    stranger.finish();
    for (const check of flood) check.finish();
    await Promise.all([strangerRun, ...floodRuns]);
    expect(log).toEqual(['flood0', 'person', 'stranger', 'flood1', 'flood2', 'flood3']);
  });

  it('refuses a check of no good standing once the queue is full, and still lets a known address wait', async () => {
    const pool = hashPool(1, 2);
    const log: string[] = [];
    const [a, b, c] = ['a', 'b', 'c'].map((name) => gated(log, name));
    const runs = [pool.run(a!.work, turn('a')), pool.run(b!.work, turn('b')), pool.run(c!.work, turn('c'))];
    // One runs and two wait: the queue is full for anyone of no good standing.
    await expect(pool.run(gated(log, 'd').work, turn('d'))).rejects.toBeInstanceOf(HashLaneFull);
    const known = gated(log, 'known');
    runs.push(pool.run(known.work, turn('known', -1)));
    a!.finish();
    await tick();
    expect(log).toEqual(['a', 'known']);
    for (const check of [known, b!, c!]) check.finish();
    expect(await Promise.all(runs)).toEqual(['a', 'b', 'c', 'known']);
    expect(log).toEqual(['a', 'known', 'b', 'c']);
  });

  it('runs a person’s check on the reserved slot beside a stranger’s, and never gives that slot to anyone else', async () => {
    const pool = hashPool(1, 32, 1);
    const log: string[] = [];
    const stranger = gated(log, 'stranger');
    const runs = [pool.run(stranger.work, turn('203.0.113.7'))];
    const person = gated(log, 'person');
    runs.push(pool.run(person.work, { ...turn('192.168.1.20', -1), reserve: true }));
    await tick();
    // Not queued behind the stranger's check: both run.
    expect(log).toEqual(['stranger', 'person']);
    // A second stranger, and a known address that failed lately (no reserve), wait for the one slot.
    const [other, mistyped] = [gated(log, 'other'), gated(log, 'mistyped')];
    runs.push(pool.run(other.work, turn('198.51.100.9')));
    runs.push(pool.run(mistyped.work, turn('192.168.1.21', -1)));
    person.finish();
    await tick();
    await tick();
    expect(log).toEqual(['stranger', 'person']);
    // A second person gets the freed reserve at once.
    const second = gated(log, 'second');
    runs.push(pool.run(second.work, { ...turn('192.168.1.22', -1), reserve: true }));
    await tick();
    expect(log).toEqual(['stranger', 'person', 'second']);
    stranger.finish();
    await tick();
    expect(log).toEqual(['stranger', 'person', 'second', 'mistyped']);
    for (const check of [second, mistyped, other]) check.finish();
    await Promise.all(runs);
    expect(log).toEqual(['stranger', 'person', 'second', 'mistyped', 'other']);
  });
});
