import { ensureUser, serverCustomers } from './support/api';
import { addCustomer, customerRow, openCustomers, waitUntilSynced } from './support/customers-ui';
import { expect, test } from './support/fixtures';
import { rawStorageText, readableValues } from './support/raw-storage';
import { ADMIN } from './support/server';
import { SIZES, screenChecks } from './support/screen-checks';
import { fillLogin, loginViaUi, waitForServiceWorker } from './support/ui';

const NURSE = {
  username: 'tablet-nurse',
  email: 'tablet-nurse@clinic.example',
  password: 'Tablet-Nurse-2026!',
  role: 'staff' as const,
};

/** The patient the nurse records offline: none of it may be readable in what the browser keeps. */
const PATIENT = ['タブレット花子', '090-2525-2525'];
/** What she types into a form left open when her session ends: kept for her alone, sealed. */
const DRAFT = '下書きタブレット次郎';

test.beforeAll(async ({ serverURL }) => {
  await ensureUser(serverURL, NURSE);
});

test.describe('the shared tablet', () => {
  test('locks when idle, unlocks and signs in offline, takes a second person, and the offline work reaches the server once', async ({
    page,
    context,
    serverURL,
  }) => {
    await page.clock.install();
    // The administrator signs in here first (the device's key is made), then signs out: the data stays, sealed.
    await loginViaUi(page, ADMIN.username, ADMIN.password);
    await waitForServiceWorker(page);
    await page.getByRole('button', { name: 'ユーザーメニュー' }).click();
    await page.getByRole('menuitem', { name: 'ログアウト' }).click();
    await expect(page.getByRole('heading', { name: 'ログイン' })).toBeVisible();

    // A nurse signs in online (the key comes through the server's escrow key) and works offline.
    await fillLogin(page, NURSE.username, NURSE.password);
    await page.getByRole('heading', { level: 1, name: 'ダッシュボード' }).waitFor();
    await openCustomers(page);
    await waitUntilSynced(page);
    await context.setOffline(true);
    await addCustomer(page, { name: 'タブレット花子', phone: '090-2525-2525' });
    expect(readableValues(await rawStorageText(page), PATIENT)).toEqual([]); // signed in: sealed on disk too

    // Idle lock after 5 minutes: the cover names her, the app behind it is inert.
    await page.clock.fastForward('05:01');
    const lock = page.getByRole('dialog', { name: '画面をロックしました' });
    await expect(lock).toBeVisible();
    // Nothing the tablet keeps shows the patient, read raw (IndexedDB, Cache Storage, localStorage).
    expect(readableValues(await rawStorageText(page), PATIENT)).toEqual([]);
    await expect(lock.getByText(`${NURSE.username} さんがサインインしています`)).toBeVisible();
    await expect(lock.getByLabel('パスワード', { exact: true })).toBeFocused();
    await expect(page.locator('#root')).toHaveAttribute('inert', '');
    // Offline, the password is checked on the tablet.
    await lock.getByLabel('パスワード', { exact: true }).fill('Wrong-Pass-0000');
    await lock.getByRole('button', { name: 'ロック解除' }).click();
    await expect(lock.getByText(/あと4回間違えると/)).toBeVisible();
    await lock.getByLabel('パスワード', { exact: true }).fill(NURSE.password);
    await lock.getByRole('button', { name: 'ロック解除' }).click();
    await expect(lock).toBeHidden();
    await expect(customerRow(page, 'タブレット花子').getByText('未同期').first()).toBeVisible();

    // A reload keeps working without the password: the service worker holds the key in memory.
    await page.reload();
    await expect(customerRow(page, 'タブレット花子')).toBeVisible();
    // She starts the next patient's form and leaves it open.
    await page.getByRole('button', { name: '新規顧客' }).click();
    await page.getByRole('dialog', { name: '新規顧客登録' }).getByLabel('顧客名').fill(DRAFT);

    // The 12-hour session ends with the network still down: the lock, never the data.
    await page.clock.fastForward('12:00:00');
    const expired = page.getByRole('dialog', { name: 'ログインの有効期限が切れました' });
    await expect(expired).toBeVisible();
    await expect(page.getByText('タブレット花子')).toHaveCount(0);
    expect(readableValues(await rawStorageText(page), [...PATIENT, DRAFT])).toEqual([]);

    // The next shift: another person, offline. Someone new to this tablet is told what they need.
    await expired.getByRole('button', { name: '別のユーザーでサインイン' }).click();
    await expect(page.getByRole('heading', { name: 'ログイン' })).toBeVisible();
    expect(readableValues(await rawStorageText(page), [...PATIENT, DRAFT])).toEqual([]); // signed out
    await fillLogin(page, 'newcomer1', 'Newcomer-Pass-2026!');
    await expect(page.getByText('初めてこの端末を使う場合はネットワーク接続が必要です')).toBeVisible();
    await page.getByLabel('ユーザー名またはメールアドレス').fill('');
    await fillLogin(page, ADMIN.username, ADMIN.password);
    await page.getByRole('heading', { level: 1, name: 'ダッシュボード' }).waitFor();
    await openCustomers(page);
    // The nurse's unsent change is still here, not discarded because someone else signed in; her open
    // form is not shown to anyone else.
    await expect(customerRow(page, 'タブレット花子').getByText('未同期').first()).toBeVisible();
    await expect(page.getByText(DRAFT)).toHaveCount(0);

    // The network returns: the administrator's server session comes back with one password prompt, then sync.
    await context.setOffline(false);
    const reconnect = page.getByRole('dialog', { name: 'サーバーに再接続' });
    await expect(reconnect).toBeVisible();
    await reconnect.getByLabel('パスワード', { exact: true }).fill(ADMIN.password);
    await reconnect.getByRole('button', { name: '再接続' }).click();
    await expect(reconnect).toBeHidden();
    await waitUntilSynced(page);
    await expect(customerRow(page, 'タブレット花子').getByText('未同期')).toHaveCount(0);
    expect(await serverCustomers(serverURL, 'タブレット花子')).toHaveLength(1);

    // The administrator steps away: ロックする covers the screen at once, and her password opens it again.
    await page.getByRole('button', { name: 'ユーザーメニュー' }).click();
    await page.getByRole('menuitem', { name: 'ロックする' }).click();
    await expect(lock).toBeVisible();
    await expect(lock.getByText(`${ADMIN.username} さんがサインインしています`)).toBeVisible();
    expect(readableValues(await rawStorageText(page), PATIENT)).toEqual([]);
    await lock.getByLabel('パスワード', { exact: true }).fill(ADMIN.password);
    await lock.getByRole('button', { name: 'ロック解除' }).click();
    await expect(lock).toBeHidden();
    await expect(customerRow(page, 'タブレット花子')).toBeVisible();

    // The administrator hands the tablet over from the avatar menu; the nurse signs in again: her form is
    // back as she left it.
    await page.getByRole('button', { name: 'ユーザーメニュー' }).click();
    await page.getByRole('menuitem', { name: '別のユーザーに切り替え' }).click();
    await expect(page.getByRole('heading', { name: 'ログイン' })).toBeVisible();
    await fillLogin(page, NURSE.username, NURSE.password);
    const draft = page.getByRole('dialog', { name: '新規顧客登録' });
    await expect(draft.getByLabel('顧客名')).toHaveValue(DRAFT);
    await expect(page.getByText(/入力途中の内容を復元しました/)).toBeVisible();
  });

  test(
    'the lock and the offline sign-in are named, focused, finger-sized and axe-clean',
    SIZES,
    async ({ page, context }) => {
      await page.clock.install();
      await loginViaUi(page, NURSE.username, NURSE.password);
      // The login page and the app must be on the tablet before it goes offline below (a first sign-in no
      // longer waits for the worker's install).
      await waitForServiceWorker(page);
      await page.clock.fastForward('05:01');
      const lock = page.getByRole('dialog', { name: '画面をロックしました' });
      await expect(lock.getByLabel('パスワード', { exact: true })).toBeFocused();
      const { problems, check } = screenChecks(page);
      await check('lock');
      await lock.getByRole('button', { name: '端末のデータを消去（管理者）' }).click();
      await expect(lock.getByLabel('管理者のユーザー名（メールアドレス）')).toBeFocused();
      await check('wipe form');
      await lock.getByRole('button', { name: 'キャンセル' }).click();

      // Offline, the login page: a newcomer is told what they need; someone known here signs in.
      await context.setOffline(true);
      await lock.getByRole('button', { name: '別のユーザーでサインイン' }).click();
      await expect(page.getByRole('heading', { name: 'ログイン' })).toBeVisible();
      await fillLogin(page, 'newcomer2', 'Newcomer-Pass-2026!');
      await expect(page.getByText('初めてこの端末を使う場合はネットワーク接続が必要です')).toBeVisible();
      await check('offline sign-in, someone new to the tablet');
      await page.getByLabel('ユーザー名またはメールアドレス').fill('');
      await fillLogin(page, NURSE.username, NURSE.password);
      await expect(page.getByRole('heading', { level: 1, name: 'ダッシュボード' })).toBeVisible();
      await check('offline session');
      expect(problems).toEqual([]);
    },
  );
});
