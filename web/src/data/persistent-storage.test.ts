import { afterEach, describe, expect, it, vi } from 'vitest';

describe('requestPersistentStorage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks the browser once per page and swallows a refusal', async () => {
    // A new page: the module's memory of having asked starts empty.
    vi.resetModules();
    const { requestPersistentStorage } = await import('./persistent-storage');
    const persist = vi.fn(async () => Promise.reject(new Error('denied')));
    vi.stubGlobal('navigator', { ...navigator, storage: { persist } });
    requestPersistentStorage();
    requestPersistentStorage();
    await Promise.resolve();
    expect(persist).toHaveBeenCalledTimes(1);
  });
});
