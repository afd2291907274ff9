import { describe, expect, it } from 'vitest';
import { applyPull } from './apply-pull';
import { DELETION_LOG_DAYS, DELETION_LOG_MAX, deletionEntry, deletionsAbove, noteDeletions } from './deletion-log';
import { freshDb, pullOf, serverVisit } from '../test-utils/sync-fixtures';

const A = '0193a3f0-0000-4000-8000-00000000000a';
const C = '0193a3f0-0000-4000-8000-00000000000c';

describe('the deletion log', () => {
  it('keeps a visit deleted in a pull after the row leaves the device, for a heal to send again', async () => {
    const db = freshDb();
    await applyPull(db, pullOf({ cookie: 5, changes: { visits: [serverVisit({ id: A, customerId: C })] } }), null);
    const deleted = serverVisit({ id: A, customerId: C, deleted: true, version: 6 });
    await applyPull(db, pullOf({ cookie: 6, changes: { visits: [deleted] } }), null);
    expect(await db.visits.get(A)).toBeUndefined();
    expect(await deletionsAbove(db, 'visits', 5)).toEqual([
      { id: A, updatedAt: deleted.updatedAt, updatedBy: deleted.updatedBy },
    ]);
    // A backup that already holds the deletion (version 6) needs nothing sent again.
    expect(await deletionsAbove(db, 'visits', 6)).toEqual([]);
  });

  it('is bounded: entries past the age limit go, and past the count limit the oldest go first', async () => {
    const db = freshDb();
    const now = new Date('2026-12-01T00:00:00Z');
    const at = (daysAgo: number, n = 0) => new Date(now.getTime() - daysAgo * 86_400_000 + n).toISOString();
    const entry = (n: number, updatedAt: string) =>
      deletionEntry('visits', { id: crypto.randomUUID(), version: n, updatedAt, updatedBy: 'staff1' });
    await db.transaction('rw', db.deletions, () =>
      noteDeletions(db, [entry(1, at(DELETION_LOG_DAYS + 1)), entry(2, at(1))], now),
    );
    expect((await db.deletions.toArray()).map((e) => e.version)).toEqual([2]);
    const many = Array.from({ length: DELETION_LOG_MAX + 5 }, (_, n) => entry(10 + n, at(2, n)));
    await db.transaction('rw', db.deletions, () => noteDeletions(db, many, now));
    expect(await db.deletions.count()).toBe(DELETION_LOG_MAX);
    // The newest stay: entry 2 (a day ago) and all but the five oldest of the batch.
    const kept = new Set((await db.deletions.toArray()).map((e) => e.version));
    expect(kept.has(2)).toBe(true);
    expect([10, 11, 12, 13, 14].some((v) => kept.has(v))).toBe(false);
  }, 60_000);
});
