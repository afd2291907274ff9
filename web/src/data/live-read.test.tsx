import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ClinicDb } from './clinic-db';
import { useLiveRead } from './live-read';

let dbCount = 0;
/** An opened database: creating one tells every reader that each of its tables changed, which these tests do not look at. */
async function freshDb(): Promise<ClinicDb> {
  const db = new ClinicDb(`live-read-${++dbCount}`);
  await db.open();
  return db;
}
const setting = (key: string, value: string) => ({ key, value });

// Vitest runs without globals, so Testing Library cannot unmount by itself: a hook left mounted would
// answer later writes after the page environment is gone.
afterEach(cleanup);

describe('useLiveRead', () => {
  it('answers from the device and again after a committed write to what it read, not to other tables', async () => {
    const db = await freshDb();
    await db.settings.put(setting('a', '山田 花子'));
    const query = vi.fn(async () => (await db.settings.toArray()).map((s) => s.value));
    const { result } = renderHook(() => useLiveRead(query, []));
    expect(result.current.loaded).toBe(false);
    await waitFor(() => expect(result.current).toEqual({ loaded: true, data: ['山田 花子'] }));

    await db.meta.put({ key: 'cookie', value: 1 });
    await db.settings.put(setting('b', '佐藤 次郎'));
    await waitFor(() => expect(result.current.data).toEqual(['山田 花子', '佐藤 次郎']));
    expect(query).toHaveBeenCalledTimes(2); // the meta write did not run it
  });

  it('tells an answer of undefined (nothing stored) from no answer yet', async () => {
    const db = await freshDb();
    const { result } = renderHook(() => useLiveRead(() => db.settings.get('missing'), []));
    await waitFor(() => expect(result.current).toEqual({ loaded: true, data: undefined }));
  });

  it('never shows the answer for earlier inputs, unless asked to keep it while new ones load (a filtered list)', async () => {
    const db = await freshDb();
    await db.settings.bulkPut([setting('a', '山田 花子'), setting('b', '佐藤 次郎')]);
    for (const keepPrevious of [false, true]) {
      const { result, rerender, unmount } = renderHook(
        ({ key }) => useLiveRead(async () => (await db.settings.get(key))?.value, [key], { keepPrevious }),
        {
          initialProps: { key: 'a' },
        },
      );
      await waitFor(() => expect(result.current.data).toBe('山田 花子'));
      rerender({ key: 'b' });
      expect(result.current).toEqual(
        keepPrevious ? { loaded: true, data: '山田 花子' } : { loaded: false, data: undefined },
      );
      await waitFor(() => expect(result.current).toEqual({ loaded: true, data: '佐藤 次郎' }));
      unmount();
    }
  });

  it('stops listening when the screen closes', async () => {
    const db = await freshDb();
    const query = vi.fn(() => db.settings.count());
    const { result, unmount } = renderHook(() => useLiveRead(query, []));
    await waitFor(() => expect(result.current.loaded).toBe(true));
    unmount();
    await db.settings.put(setting('a', 'x'));
    // A screen opened after the write has its answer; by then the closed one would have run again.
    const later = renderHook(() => useLiveRead(() => db.settings.count(), []));
    await waitFor(() => expect(later.result.current.data).toBe(1));
    expect(query).toHaveBeenCalledTimes(1);
  });
});
