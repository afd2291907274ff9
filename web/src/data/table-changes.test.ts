import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { ClinicDb } from './clinic-db';
import { onTableChanges, type TableChanges } from './table-changes';

let dbCount = 0;
/** An opened database: creating one tells every reader that each of its tables changed, which these tests do not look at. */
async function freshDb(): Promise<ClinicDb> {
  const db = new ClinicDb(`table-changes-${++dbCount}`);
  await db.open();
  return db;
}

/** Every change the listener hears while `write` runs. */
async function heard(db: ClinicDb, write: () => Promise<unknown>): Promise<TableChanges[]> {
  const seen: TableChanges[] = [];
  const stop = onTableChanges(db, (changes) => seen.push(changes));
  await write();
  stop();
  return seen;
}

describe('onTableChanges', () => {
  it('names the keys a small write committed, once per transaction, with no notice from the writer', async () => {
    const db = await freshDb();
    const seen = await heard(db, () =>
      db.transaction('rw', db.settings, db.meta, async () => {
        await db.settings.bulkPut([
          { key: 'a', value: 1 },
          { key: 'b', value: 2 },
        ]);
        await db.meta.put({ key: 'cookie', value: 1 });
      }),
    );
    expect(seen).toHaveLength(1);
    expect([...seen[0]!]).toEqual(
      expect.arrayContaining([
        ['settings', ['a', 'b']],
        ['meta', ['cookie']],
      ]),
    );
  });

  it("says 'all' where Dexie names a range: a clear, a write of 50 rows or more", async () => {
    const db = await freshDb();
    expect((await heard(db, () => db.settings.clear()))[0]!.get('settings')).toBe('all');
    const many = Array.from({ length: 50 }, (_, i) => ({ key: `k${i}`, value: i }));
    expect((await heard(db, () => db.settings.bulkPut(many)))[0]!.get('settings')).toBe('all');
  });

  it('hears nothing of another database, nor of a write that failed', async () => {
    const db = await freshDb();
    const other = await freshDb();
    expect(await heard(db, () => other.settings.put({ key: 'a', value: 1 }))).toEqual([]);
    const failing = db.transaction('rw', db.settings, async () => {
      await db.settings.put({ key: 'a', value: 1 });
      throw new Error('rolled back');
    });
    expect(await heard(db, () => failing.catch(() => undefined))).toEqual([]);
  });

  it("says 'all' for every table when Dexie marks everything (a page back from the back-forward cache)", async () => {
    const db = await freshDb();
    const seen = await heard(db, () =>
      Promise.resolve(Dexie.on('storagemutated').fire({ all: { from: -Infinity, to: [[]], d: 1 } })),
    );
    expect(seen[0]!.get('customers')).toBe('all');
    expect(seen[0]!.get('outbox')).toBe('all');
  });
});
