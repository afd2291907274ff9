import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { localDb } from '../../data/local-db';
import { stopSyncAndWait, wipeLocalData } from '../../sync';
import { renderPage, seed } from './customers-page-test-support';

const SLOW = { timeout: 5_000 };

describe('customers page when the device cannot read its database', () => {
  beforeEach(async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await stopSyncAndWait();
    await wipeLocalData();
  });
  afterEach(async () => {
    if (!localDb.isOpen()) await localDb.open();
    await stopSyncAndWait();
    vi.unstubAllGlobals();
  });

  it('says so with its title and 再試行 (spec 8), never an empty list, and shows the customers once it can', async () => {
    await seed({ id: '0193a3f0-0000-4000-8000-000000000001', name: '山田 花子', chartNumber: 1 });
    // The first read of this page's life fails: the device's database is closed under it.
    localDb.close({ disableAutoOpen: true });
    renderPage();
    const alert = await screen.findByRole('alert', { name: '顧客データエラー' }, SLOW);
    expect(alert.textContent).toContain('顧客データエラー');
    expect(alert.textContent).toContain('顧客データの取得に失敗しました');
    expect(screen.queryByText('顧客データがありません')).toBeNull();

    await localDb.open();
    fireEvent.click(screen.getByRole('button', { name: '再試行' }));
    expect(await screen.findByText('山田 花子', undefined, SLOW)).toBeTruthy();
    expect(screen.queryByText('顧客データの取得に失敗しました')).toBeNull();
  });
});
