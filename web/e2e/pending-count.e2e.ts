import { ensureUser } from './support/api';
import { history } from './support/camera-ui';
import { addCustomer, openCustomers, waitUntilSynced } from './support/customers-ui';
import { expect, test } from './support/fixtures';
import { pickCustomer } from './support/records-ui';
import { fillLogin, loginViaUi, waitForServiceWorker } from './support/ui';

/**
 * Issue 37: one count of what waits, the same in the top bar from its first paint, in 同期の状況 (which
 * lists each in a receptionist's words) and in the logout dialog. It once said 同期済み for 15 s after an
 * offline sign-in with 9 changes waiting, then 未同期 9件, while the logout dialog said 10件.
 */

const NURSE = {
  username: 'count-nurse',
  email: 'count-nurse@clinic.example',
  password: 'Count-Nurse-2026!',
  role: 'staff' as const,
};
const tag = crypto.randomUUID().slice(0, 4);
const PATIENTS = Array.from({ length: 7 }, (_, i) => ({
  name: `件数確認${tag}${i + 1}`,
  phone: `090-5151-${tag.length}00${i}`,
}));

test.beforeAll(async ({ serverURL }) => {
  await ensureUser(serverURL, NURSE);
});

test('signed in offline with 9 changes waiting: the bar, 同期の状況 and the logout dialog say 9 at once', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  await loginViaUi(page, NURSE.username, NURSE.password);
  await waitForServiceWorker(page);
  await openCustomers(page);
  await waitUntilSynced(page);

  // Offline: seven new customers and a photo (its record, and its file not yet sent): 9 things wait.
  await context.setOffline(true);
  for (const patient of PATIENTS) await addCustomer(page, patient);
  await page.getByRole('navigation', { name: 'メインメニュー' }).getByText('動画撮影', { exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: '動画撮影' })).toBeVisible();
  await pickCustomer(page, page.locator('main'), PATIENTS[0]!.name, PATIENTS[0]!.name);
  await page.getByRole('button', { name: '写真撮影' }).click();
  await expect(history(page).filter({ hasText: '写真' })).toBeVisible();

  // She signs out keeping the changes, and signs in again, still offline.
  await page.getByRole('button', { name: 'ユーザーメニュー' }).click();
  await page.getByRole('menuitem', { name: 'ログアウト' }).click();
  const guard = page.getByRole('dialog', { name: '未同期の変更があります' });
  await expect(guard.getByText('まだサーバーに送信されていない変更が9件あります。')).toBeVisible();
  await guard.getByRole('button', { name: '変更を端末に残してログアウト' }).click();
  await expect(page.getByRole('heading', { name: 'ログイン' })).toBeVisible();

  // Every text the top bar shows from the first paint of the app on, recorded as it appears.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { barWords: string[] }).barWords = seen;
    new MutationObserver(() => {
      for (const bar of document.querySelectorAll('[role="status"]')) seen.push(bar.textContent ?? '');
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  await fillLogin(page, NURSE.username, NURSE.password);
  await page.getByRole('heading', { level: 1, name: 'ダッシュボード' }).waitFor();

  const bar = page
    .getByRole('banner')
    .getByRole('status')
    .or(page.getByRole('status').filter({ hasText: 'オフライン' }));
  await expect(bar.first()).toContainText('未同期 9件');
  const words = await page.evaluate(() => (window as unknown as { barWords: string[] }).barWords);
  expect(words.length).toBeGreaterThan(0);
  expect(
    words.filter((w) => w.includes('同期済み')),
    'the bar said 同期済み while 9 changes waited',
  ).toEqual([]);
  expect(words.filter((w) => /未同期 \d+件/.test(w) && !w.includes('未同期 9件'))).toEqual([]);

  // 同期の状況: the same 9, each named as the reception says it.
  await page.getByRole('button', { name: /^同期の状況：/ }).click();
  const drawer = page.getByRole('dialog', { name: '同期の状況' });
  await expect(
    drawer.getByText('オフラインです。9件の変更はこの端末に保存済みで、接続が戻ると自動で送信します。'),
  ).toBeVisible();
  const waiting = drawer.getByRole('region', { name: '送信待ち' }).getByRole('listitem');
  await expect(waiting).toHaveCount(9);
  for (const { name } of PATIENTS)
    await expect(waiting.filter({ hasText: new RegExp(`^「${name}」$`) })).toHaveCount(1);
  await expect(waiting.filter({ hasText: new RegExp(`^「${PATIENTS[0]!.name}」の写真（`) })).toHaveCount(1);
  await expect(waiting.filter({ hasText: /^写真 1件$/ })).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  // And the logout dialog.
  await page.getByRole('button', { name: 'ユーザーメニュー' }).click();
  await page.getByRole('menuitem', { name: 'ログアウト' }).click();
  await expect(guard.getByText('まだサーバーに送信されていない変更が9件あります。')).toBeVisible();
  await guard.getByRole('button', { name: 'ログアウトしない' }).click();
});
