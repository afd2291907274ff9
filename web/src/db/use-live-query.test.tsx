import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notifyChanged } from './changes';
import { ClinicDb } from './clinic-db';
import { useLiveQuery } from './use-live-query';

let dbCount = 0;
const freshDb = () => new ClinicDb(`live-query-${++dbCount}`);
// Only the fields these queries read; the rest of a customer does not matter here.
const serverCustomer = ({ id, name, chartNumber = 1 }: { id: string; name: string; chartNumber?: number }) =>
  ({ id, name, chartNumber, nameKana: '', age: null, birthDate: null, gender: 'unset', phone: '0', email: '', address: '', medicalHistory: '',
    createdAt: '', updatedAt: '', updatedBy: null, version: 1, deleted: false }) as const;

const A = '0193a3f0-0000-4000-8000-00000000000a';
const B = '0193a3f0-0000-4000-8000-00000000000b';

// Vitest runs without globals, so Testing Library cannot unmount by itself: a hook left mounted would
// answer later notices after the page environment is gone.
afterEach(cleanup);

describe('useLiveQuery', () => {
  it('answers from the device and again when a watched table changes, not for others', async () => {
    const db = freshDb();
    await db.customers.put({ ...serverCustomer({ id: A, name: '山田 花子', chartNumber: 1 }), pending: 0 });
    const query = vi.fn(() => db.customers.orderBy('chartNumber').toArray());
    const { result } = renderHook(() => useLiveQuery(['customers'], query, []));
    expect(result.current.loaded).toBe(false);
    await waitFor(() => expect(result.current.data?.map((c) => c.name)).toEqual(['山田 花子']));

    await db.customers.put({ ...serverCustomer({ id: B, name: '佐藤 次郎', chartNumber: 2 }), pending: 0 });
    notifyChanged({ table: 'outbox', ids: ['1'] });
    expect(query).toHaveBeenCalledTimes(1);
    notifyChanged({ table: 'customers', ids: [B] });
    await waitFor(() => expect(result.current.data?.map((c) => c.name)).toEqual(['山田 花子', '佐藤 次郎']));
  });

  it('runs again for new inputs and never shows the answer for the old ones', async () => {
    const db = freshDb();
    await db.customers.bulkPut([
      { ...serverCustomer({ id: A, name: '山田 花子' }), pending: 0 },
      { ...serverCustomer({ id: B, name: '佐藤 次郎' }), pending: 0 },
    ]);
    let releaseSlow!: () => void;
    const slow = new Promise<void>((resolve) => (releaseSlow = resolve));
    const query = async (id: string) => {
      if (id === A) await slow; // the first answer comes back last
      return (await db.customers.get(id))?.name;
    };
    const { result, rerender } = renderHook(({ id }) => useLiveQuery(['customers'], () => query(id), [id]), { initialProps: { id: A } });
    rerender({ id: B });
    await waitFor(() => expect(result.current).toEqual({ loaded: true, data: '佐藤 次郎' }));
    releaseSlow();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(result.current.data).toBe('佐藤 次郎');
  });

  it('keeps the last answer while new inputs load when asked (a filtered list), and drops it otherwise', async () => {
    const db = freshDb();
    await db.customers.bulkPut([
      { ...serverCustomer({ id: A, name: '山田 花子' }), pending: 0 },
      { ...serverCustomer({ id: B, name: '佐藤 次郎' }), pending: 0 },
    ]);
    let release!: () => void;
    const query = async (id: string) => {
      if (id === B) await new Promise<void>((resolve) => (release = resolve));
      return (await db.customers.get(id))?.name;
    };
    for (const keepPrevious of [true, false]) {
      const { result, rerender, unmount } = renderHook(({ id }) => useLiveQuery(['customers'], () => query(id), [id], { keepPrevious }), {
        initialProps: { id: A },
      });
      await waitFor(() => expect(result.current.data).toBe('山田 花子'));
      rerender({ id: B });
      expect(result.current).toEqual(keepPrevious ? { loaded: true, data: '山田 花子' } : { loaded: false, data: undefined });
      release();
      await waitFor(() => expect(result.current).toEqual({ loaded: true, data: '佐藤 次郎' }));
      unmount();
    }
  });

  it('stops listening when the screen closes', async () => {
    const db = freshDb();
    const query = vi.fn(() => db.customers.count());
    const { result, unmount } = renderHook(() => useLiveQuery(['customers'], query, []));
    await waitFor(() => expect(result.current.loaded).toBe(true));
    unmount();
    notifyChanged({ table: 'customers', ids: 'all' });
    expect(query).toHaveBeenCalledTimes(1);
  });
});
