import type { Page } from '@playwright/test';
import { apiGet, createServerCustomer } from './support/api';
import { settled } from './support/axe';
import { waitUntilSynced } from './support/customers-ui';
import { expect, test } from './support/fixtures';
import { ADMIN } from './support/server';
import { loginViaUi, waitForServiceWorker } from './support/ui';

// A Tuesday: open 9:00–19:00 by default.
const DAY = '2026-12-08';
const OTHER_DAY = '2026-12-09';
type ServerAppointment = { id: string; start: string; status: string; staffName: string; overlaps: string[] };

const WEEKDAYS = ['日', '月', '火', '水', '木', '金', '土'];

async function openBook(page: Page, day = DAY) {
  await page.goto(`/appointments?date=${day}`);
  await expect(page.getByRole('heading', { level: 1, name: '予約表' })).toBeVisible();
  const weekday = WEEKDAYS[new Date(`${day}T00:00:00Z`).getUTCDay()];
  await expect(page.getByRole('heading', { name: `${day}（${weekday}）` })).toBeVisible();
}

async function device(page: Page, day = DAY) {
  await loginViaUi(page, ADMIN.username, ADMIN.password);
  await waitForServiceWorker(page);
  await openBook(page, day);
  await waitUntilSynced(page);
  return page;
}

/** Taps a free quarter hour (grid or list) and books it for a customer found by what was typed. */
async function book(page: Page, slot: RegExp | string, typed: string, name: string) {
  const free =
    typeof slot === 'string'
      ? page.getByRole('button', { name: slot, exact: true })
      : page.getByRole('button', { name: slot });
  await free.first().click();
  const dialog = page.getByRole('dialog', { name: '予約を追加' });
  await expect(dialog).toBeVisible();
  await settled(page);
  const box = dialog.getByRole('combobox', { name: '顧客' });
  await box.click();
  await box.pressSequentially(typed);
  await page.locator('.ant-select-dropdown:visible').getByText(name, { exact: true }).click();
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog).toBeHidden();
}

const appointmentButton = (page: Page, text: RegExp) => page.getByRole('button', { name: text });

test.describe('予約表 offline', () => {
  test('books, moves and cancels offline through a reload; online, the server has each appointment once', async ({
    page,
    context,
    serverURL,
  }) => {
    await createServerCustomer(serverURL, { name: 'ヨヤク ハナコ', phone: '090-1111-0001' });
    await createServerCustomer(serverURL, { name: 'ヨヤク タロウ', phone: '090-1111-0002' });
    await device(page);

    await context.setOffline(true);
    await expect(page.getByRole('status').getByText('オフライン')).toBeVisible();
    await book(page, /^10:00 admin 空き|^10:00に予約を追加/, 'よやく はなこ', 'ヨヤク ハナコ');
    await expect(appointmentButton(page, /10:00〜11:00 ヨヤク ハナコ/)).toBeVisible();
    await book(page, /^14:00 admin 空き|^14:00に予約を追加/, 'よやく たろう', 'ヨヤク タロウ');
    await expect(page.getByRole('status').getByText('未同期 2件')).toBeVisible();

    await page.reload();
    await openBook(page);
    // 時間を変更: the appointment leaves its time for the free quarter hour tapped next.
    await appointmentButton(page, /10:00〜11:00 ヨヤク ハナコ/).click();
    const dialog = page.getByRole('dialog', { name: '予約' });
    await settled(page);
    await dialog.getByRole('button', { name: '時間を変更' }).click();
    await expect(page.getByText(/移動先の空いている時間をタップしてください/)).toBeVisible();
    await page
      .getByRole('button', { name: /^11:30 admin 空き|^11:30に予約を追加/ })
      .first()
      .click();
    await expect(appointmentButton(page, /11:30〜12:30 ヨヤク ハナコ/)).toBeVisible();

    await page.reload();
    await openBook(page);
    await appointmentButton(page, /14:00〜15:00 ヨヤク タロウ/).click();
    await settled(page);
    await page.getByRole('dialog', { name: '予約' }).getByRole('button', { name: '予約をキャンセル' }).click();
    await settled(page);
    await page
      .getByRole('dialog', { name: /キャンセルしますか/ })
      .getByRole('button', { name: '予約をキャンセル' })
      .click();
    await expect(appointmentButton(page, /14:00〜15:00 ヨヤク タロウ（admin・キャンセル）/)).toBeVisible();
    await expect(page.getByText('これからの予約 1件')).toBeVisible();

    await context.setOffline(false);
    await waitUntilSynced(page);
    await expect(page.getByText('未同期', { exact: true })).toHaveCount(0);
    const onServer = await apiGet<ServerAppointment[]>(serverURL, `/appointments?date_from=${DAY}&date_to=${DAY}`);
    expect(onServer.map((a) => [a.start, a.status]).sort()).toEqual([
      ['11:30', 'booked'],
      ['14:00', 'cancelled'],
    ]);
  });

  test('two tablets that book one slot offline both keep their booking and both see the overlap until it is resolved', async ({
    page,
    newDevice,
    serverURL,
  }) => {
    await createServerCustomer(serverURL, { name: 'カサナリ イチ', phone: '090-2222-0001' });
    await createServerCustomer(serverURL, { name: 'カサナリ ニ', phone: '090-2222-0002' });
    const first = await device(page, OTHER_DAY);
    // The same person signed in on two tablets, booking themselves as 施術者.
    const second = await device(await newDevice(), OTHER_DAY);
    await first.context().setOffline(true);
    await second.context().setOffline(true);
    await book(first, /^10:00 admin 空き|^10:00に予約を追加/, 'かさなり いち', 'カサナリ イチ');
    await book(second, /^10:30 admin 空き|^10:30に予約を追加/, 'かさなり に', 'カサナリ ニ');
    await expect(appointmentButton(second, /10:30〜11:30 カサナリ ニ/)).toBeVisible();

    await first.context().setOffline(false);
    await waitUntilSynced(first);
    await second.context().setOffline(false);
    await waitUntilSynced(second);
    for (const tablet of [first, second]) {
      await expect(tablet.getByRole('alert').getByText('予約が重なっています')).toBeVisible();
    }
    const onServer = await apiGet<ServerAppointment[]>(
      serverURL,
      `/appointments?date_from=${OTHER_DAY}&date_to=${OTHER_DAY}`,
    );
    expect(onServer).toHaveLength(2);
    expect(onServer.every((a) => a.overlaps.length === 1)).toBe(true);

    // Resolved on one tablet (the second booking cancelled), cleared on the other after its sync.
    await second
      .getByRole('alert')
      .getByRole('button', { name: /予約をキャンセル：10:30〜11:30 カサナリ ニ/ })
      .click();
    await settled(second);
    await second
      .getByRole('dialog', { name: /キャンセルしますか/ })
      .getByRole('button', { name: '予約をキャンセル' })
      .click();
    await expect(second.getByRole('alert').getByText('予約が重なっています')).toHaveCount(0);
    await waitUntilSynced(second);
    await first.reload();
    await openBook(first, OTHER_DAY);
    // The reloaded tablet pulls on start: the cancellation arrives and the overlap goes.
    await expect(appointmentButton(first, /^10:00〜11:00 カサナリ イチ ?（admin・予約）/)).toBeVisible({
      timeout: 60_000,
    });
    await expect(first.getByText('予約が重なっています')).toHaveCount(0);
  });
});
