import { fireEvent, screen } from '@testing-library/react';
import axe from 'axe-core';
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
    // WCAG 2.1 A/AA as the e2e sweep runs it (colours aside: happy-dom paints nothing).
    const found = await axe.run(alert, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      rules: { 'color-contrast': { enabled: false } },
    });
    expect(found.violations.map((v) => v.id)).toEqual([]);

    await localDb.open();
    fireEvent.click(screen.getByRole('button', { name: '再試行' }));
    expect(await screen.findByText('山田 花子', undefined, SLOW)).toBeTruthy();
    expect(screen.queryByText('顧客データの取得に失敗しました')).toBeNull();
  });
});
