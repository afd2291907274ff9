import { describe, expect, it } from 'vitest';
import { notifyChanged } from './changes';
import { createLiveStore } from './live-store';

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
});
