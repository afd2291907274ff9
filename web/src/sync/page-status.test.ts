import { afterEach, describe, expect, it } from 'vitest';
import { syncStatus } from './page-status';

describe('the page’s sync status', () => {
  afterEach(() => syncStatus.set({ online: true }));

  it('follows the network while no sync engine runs', () => {
    window.dispatchEvent(new Event('offline'));
    expect(syncStatus.get().online).toBe(false);
    window.dispatchEvent(new Event('online'));
    expect(syncStatus.get().online).toBe(true);
  });
});
