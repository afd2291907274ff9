import { describe, expect, it, vi } from 'vitest';
import { ClinicDb } from './clinic-db';
import { afterFirstScreen, noteScreenData } from './first-screen';
import { createLiveStore } from './live-store';

vi.mock('./first-screen', () => ({ afterFirstScreen: vi.fn(), noteScreenData: vi.fn() }));

let dbCount = 0;
/** An opened database: creating one tells every reader that each of its tables changed, which these tests do not look at. */
async function freshDb(): Promise<ClinicDb> {
  const db = new ClinicDb(`live-store-${++dbCount}`);
  await db.open();
  return db;
}

describe('createLiveStore', () => {
  it('applies a write that commits during the first load after it, and goes on after a failed read', async () => {
    const db = await freshDb();
    let releaseLoad!: () => void;
    const loaded = new Promise<void>((resolve) => (releaseLoad = resolve));
    let fail = true;
    const store = createLiveStore<string[]>(
      db,
      [],
      async () => {
        await loaded;
        return ['loaded'];
      },
      (changes) => {
        const keys = changes.get('settings');
        if (!keys || keys === 'all') return null;
        return (): Promise<string[]> => {
          if (fail) {
            fail = false;
            return Promise.reject(new Error('database closed'));
          }
          return Promise.resolve([...store.getSnapshot(), ...keys.map(String)]);
        };
      },
    );
    const seen: string[][] = [];
    store.subscribe(() => seen.push(store.getSnapshot()));
    await db.settings.put({ key: 'a', value: 1 }); // fails, after the load
    await db.meta.put({ key: 'cookie', value: 1 }); // not this store's
    await db.settings.put({ key: 'b', value: 2 });
    releaseLoad();
    await store.settled();
    expect(seen).toEqual([['loaded'], ['loaded', 'b']]);
    store.dispose();
  });

  it('stops following writes once disposed', async () => {
    const db = await freshDb();
    const onChange = vi.fn(() => null);
    const store = createLiveStore(db, 0, () => Promise.resolve(1), onChange);
    store.subscribe(() => undefined);
    await db.settings.put({ key: 'a', value: 1 });
    expect(onChange).toHaveBeenCalledTimes(1);
    store.dispose();
    await db.settings.put({ key: 'a', value: 2 });
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('tells observers of new snapshots without loading for them', async () => {
    const db = await freshDb();
    const load = vi.fn(() => Promise.resolve('loaded'));
    const store = createLiveStore(db, 'nothing yet', load, () => null);
    const observer = vi.fn();
    store.observe(observer);
    await store.settled();
    expect(load).not.toHaveBeenCalled();
    store.subscribe(() => undefined);
    await store.settled();
    expect(observer).toHaveBeenCalledTimes(1);
    store.dispose();
  });

  it('makes the quick first rows as the app starts, and reads the whole table only once the first screen has shown them', async () => {
    vi.mocked(noteScreenData).mockClear();
    const calls: string[] = [];
    let firstScreenShown!: () => void;
    vi.mocked(afterFirstScreen).mockImplementation((task) => (firstScreenShown = task));
    const store = createLiveStore<string>(
      await freshDb(),
      'nothing yet',
      () => {
        calls.push('whole table');
        return Promise.resolve('every row');
      },
      () => null,
      () => {
        calls.push('first rows');
        return Promise.resolve('first rows');
      },
    );
    store.warm();
    await store.settled();
    expect(store.getSnapshot()).toBe('first rows');
    expect(noteScreenData).not.toHaveBeenCalled(); // nothing shows it yet

    const seen: string[] = [];
    store.subscribe(() => seen.push(store.getSnapshot()));
    expect(noteScreenData).toHaveBeenCalledTimes(1); // the screen subscribing renders the first rows
    await Promise.resolve();
    expect(calls).toEqual(['first rows']);
    firstScreenShown();
    await store.settled();
    expect(calls).toEqual(['first rows', 'whole table']);
    expect(seen).toEqual(['every row']);
    store.dispose();
  });
});
