import { afterEach, describe, expect, it, vi } from 'vitest';
import { requestPersistentStorage } from './persistent-storage';

describe('requestPersistentStorage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks the browser once per page and swallows a refusal', async () => {
    const persist = vi.fn(async () => Promise.reject(new Error('denied')));
    vi.stubGlobal('navigator', { ...navigator, storage: { persist } });
    requestPersistentStorage();
    requestPersistentStorage();
    await Promise.resolve();
    expect(persist).toHaveBeenCalledTimes(1);
  });
});
