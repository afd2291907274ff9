import { describe, expect, it, vi } from 'vitest';
import { notifyChanged } from './changes';
import { afterFirstScreen, noteScreenData } from './first-screen';
import { createLiveStore } from './live-store';

vi.mock('./first-screen', () => ({ afterFirstScreen: vi.fn(), noteScreenData: vi.fn() }));

describe('createLiveStore', () => {
  it('applies a notice that arrives during the first load after it, and goes on after a failed read', async () => {
    let releaseLoad!: () => void;
    const loaded = new Promise<void>((resolve) => (releaseLoad = resolve));
    let fail = true;
    const store = createLiveStore<string[]>(
      [],
      async () => {
        await loaded;
        return ['loaded'];
      },
      ({ table, ids }) => {
        if (table !== 'customers' || ids === 'all') return null;
        return async (): Promise<string[]> => {
          if (fail) {
            fail = false;
            throw new Error('database closed');
          }
          return [...store.getSnapshot(), ...ids];
        };
      },
    );
    const seen: string[][] = [];
    store.subscribe(() => seen.push(store.getSnapshot()));
    notifyChanged({ table: 'customers', ids: ['a'] }); // fails, after the load
    notifyChanged({ table: 'outbox', ids: ['x'] }); // not this store's
    notifyChanged({ table: 'customers', ids: ['b'] });
    releaseLoad();
    await store.settled();
    expect(seen).toEqual([['loaded'], ['loaded', 'b']]);
    store.dispose();
  });

  it('makes the quick first rows as the app starts, and reads the whole table only once the first screen has shown them', async () => {
    vi.mocked(noteScreenData).mockClear();
    const calls: string[] = [];
    let firstScreenShown!: () => void;
    vi.mocked(afterFirstScreen).mockImplementation((task) => (firstScreenShown = task));
    const store = createLiveStore<string>(
      'nothing yet',
      async () => {
        calls.push('whole table');
        return 'every row';
      },
      () => null,
      async () => {
        calls.push('first rows');
        return 'first rows';
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
