import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubListWidth } from '../../components/virtual-table/test-support';
import { stopSyncAndWait, wipeLocalData } from '../../sync';
import { seedCustomers, seedVisits, serverVisit } from './test-support';
import { preloadVisitForm } from './visits-page';
import {
  axeViolations,
  HANAKO,
  headers,
  LONG_NOTE,
  NOW,
  renderPage,
  seedNovember,
  shownCustomers,
  SLOW,
  toolbar,
  totals,
} from './visits-page-test-support';

// The form loads on demand in the app; here it is there from the start, as after the page's idle preload.
await preloadVisitForm();

describe('visits page at the width it has', () => {
  beforeEach(async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await stopSyncAndWait();
    await wipeLocalData();
    await seedNovember();
  });
  afterEach(async () => {
    await stopSyncAndWait();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('on a tablet held upright leaves out 担当者 only', async () => {
    stubListWidth(768);
    renderPage();
    await waitFor(() => expect(shownCustomers()).toHaveLength(3));
    expect(headers()).toEqual(['日付', '顧客', '施術メニュー', '料金', 'メモ', '操作']);
  });

  it('shows a card per visit: customer, date and menu, price and staff, the note, and the buttons', async () => {
    stubListWidth(358);
    renderPage();
    const cards = await screen.findByRole('list', { name: '来院記録一覧' });
    expect(screen.queryByRole('table')).toBeNull();
    const [first, second] = await within(cards).findAllByRole('listitem');
    expect(first!.textContent).toContain('山田 花子');
    expect(first!.textContent).toContain('2026-11-20　整体60分');
    expect(first!.textContent).toContain('¥6,000　佐藤');
    expect(within(first!).getByRole('button', { name: `メモ：${LONG_NOTE}` })).toBeTruthy();
    expect(within(first!).getByRole('button', { name: '2026-11-20 山田 花子の来院記録を削除' })).toBeTruthy();
    expect(second!.textContent).toContain('2026-11-18　未設定');
    expect(await axeViolations()).toEqual([]);
    fireEvent.click(within(second!).getByText('佐藤 次郎'));
    expect(await screen.findByText('来院記録の編集', {}, SLOW)).toBeTruthy();
  });
});

describe('visits page with 30,000 visits on the device', () => {
  beforeEach(async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    await stopSyncAndWait();
    await wipeLocalData();
  });
  afterEach(() => vi.useRealTimers());

  it('reads the month through the date index and puts only the rows in view in the page', async () => {
    await seedCustomers({ id: HANAKO, name: '山田 花子' });
    // 30,000 visits over 1,000 days up to 20 November 2026: 30 a day.
    const start = Date.UTC(2024, 1, 25);
    const rows = Array.from({ length: 30_000 }, (_, i) =>
      serverVisit({
        id: `0193a3f0-0000-4000-a000-${String(i).padStart(12, '0')}`,
        customerId: HANAKO,
        date: new Date(start + Math.floor(i / 30) * 86_400_000).toISOString().slice(0, 10),
        price: 1000,
      }),
    );
    expect(rows.at(-1)!.date).toBe('2026-11-20');
    await seedVisits(rows);
    renderPage();
    await waitFor(() => expect(totals()).toBe('期間合計：600件　¥600,000'), { timeout: 10_000 });
    const rendered = screen.getAllByRole('row').length - 1;
    expect(rendered).toBeGreaterThan(0);
    expect(rendered).toBeLessThan(60);
    fireEvent.click(within(toolbar()).getByRole('button', { name: '今日' })); // inside act, as every fireEvent
    await waitFor(() => expect(totals()).toBe('日計：30件　¥30,000'));
  }, 60_000);
});
