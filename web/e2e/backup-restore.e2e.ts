import type { Page } from '@playwright/test';
import { ensureUser, serverCustomers } from './support/api';
import {
  addCustomer,
  customerRow,
  deleteCustomer,
  editCustomer,
  openCustomers,
  waitUntilSynced,
} from './support/customers-ui';
import { expect, test as base } from './support/fixtures';
import { restartableServer } from './support/restartable-server';
import { ADMIN } from './support/server';
import { loginViaUi, waitForServiceWorker } from './support/ui';

type RestartableServer = Awaited<ReturnType<typeof restartableServer>>;

/**
 * These tablets talk to a server of this file's own, which the tests stop, back up and restore with the npm
 * scripts (the run's shared server must keep running for the other files).
 */
const test = base.extend<object, { server: RestartableServer }>({
  server: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's needs from this pattern; it has none
    async ({}, use) => {
      const server = await restartableServer();
      await use(server);
      await server.dispose();
    },
    { scope: 'worker' },
  ],
  serverURL: [async ({ server }, use) => use(server.baseURL), { scope: 'worker' }],
});

const STAFF = {
  username: 'nurse2',
  email: 'nurse2@clinic.example',
  password: 'Nurse-Pass-2026!',
  role: 'staff' as const,
};

test.beforeAll(async ({ serverURL }) => {
  await ensureUser(serverURL, STAFF);
});

/** Makes `page` a tablet: logged in, on the customer screen, synced. */
async function tablet(page: Page, user: { username: string; password: string }): Promise<Page> {
  await loginViaUi(page, user.username, user.password);
  await waitForServiceWorker(page);
  await openCustomers(page);
  await waitUntilSynced(page);
  return page;
}

/** What waits in a tablet's outbox, and the changes the server refused it. */
const leftOnDevice = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<{ outbox: number; rejections: number }>((resolve, reject) => {
        const open = indexedDB.open('clinic');
        open.onerror = () => reject(open.error ?? new Error('indexedDB.open failed'));
        open.onsuccess = () => {
          const tx = open.result.transaction(['outbox', 'rejections']);
          const outbox = tx.objectStore('outbox').count();
          const rejections = tx.objectStore('rejections').count();
          tx.oncomplete = () => resolve({ outbox: outbox.result, rejections: rejections.result });
        };
      }),
  );

/** The customers on the server by name, each name with how many live records carry it. */
async function namesOnServer(baseURL: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const c of await serverCustomers(baseURL)) counts[c.name] = (counts[c.name] ?? 0) + 1;
  return counts;
}

/** A sync now, as when the person returns to the app (the engine syncs on focus). */
const nudge = (page: Page) => page.evaluate(() => window.dispatchEvent(new Event('focus')));

test.describe('backup and restore', () => {
  test('after restoring an older backup both tablets send again what it lacks: every record once, no error, no stuck outbox', async ({
    page,
    newDevice,
    server,
  }) => {
    const a = await tablet(page, ADMIN);
    const b = await tablet(await newDevice(), STAFF);
    await addCustomer(a, { name: '前川 一郎', phone: '090-1000-0001' });
    await addCustomer(a, { name: '削除 予定', phone: '090-1000-0002' });
    await waitUntilSynced(a);
    await nudge(b);
    await expect(customerRow(b, '削除 予定')).toBeVisible();

    const backup = server.script('backup');
    expect(backup.status, backup.output).toBe(0);
    const backupDir = /バックアップしました: (.+)/.exec(backup.output)![1]!.trim();

    // Both keep working after the backup: new records, an edit and a delete, all acknowledged by the server.
    await addCustomer(a, { name: '後藤 二郎', phone: '090-2000-0001' });
    await editCustomer(a, '前川 一郎', '電話番号', '090-1999-9999');
    await addCustomer(b, { name: '別所 三郎', phone: '090-3000-0001' });
    await deleteCustomer(b, '削除 予定');
    await waitUntilSynced(a);
    await waitUntilSynced(b);
    await nudge(a);
    await expect(customerRow(a, '別所 三郎')).toBeVisible();
    await expect(namesOnServer(server.baseURL)).resolves.toEqual({ '前川 一郎': 1, '後藤 二郎': 1, '別所 三郎': 1 });

    // The server goes down and comes back with the backup; meanwhile a tablet keeps working.
    await server.stop();
    await addCustomer(a, { name: '停電中 四郎', phone: '090-4000-0001' });
    const refused = server.script('restore', ['--from', backupDir]);
    expect(refused.status, refused.output).toBe(0);
    expect(refused.output).toContain('復元しました');
    // The server went back in time: the backup held the two customers of before. (Not read from the
    // server after its start: the tablets may already be healing it by then.)
    expect(refused.output).toContain('顧客 2件');
    await server.start();

    await nudge(a);
    await nudge(b);
    await expect
      .poll(() => namesOnServer(server.baseURL), { timeout: 60_000, intervals: [500] })
      .toEqual({ '前川 一郎': 1, '後藤 二郎': 1, '別所 三郎': 1, '停電中 四郎': 1 });
    const maekawa = (await serverCustomers(server.baseURL, '前川')).at(0);
    expect(maekawa?.phone).toBe('090-1999-9999');
    const numbers = (await serverCustomers(server.baseURL)).map((c) => c.chartNumber);
    expect(new Set(numbers).size).toBe(numbers.length);

    for (const device of [a, b]) {
      await nudge(device);
      await expect(customerRow(device, '停電中 四郎')).toBeVisible({ timeout: 30_000 });
      await waitUntilSynced(device);
      await expect(customerRow(device, '停電中 四郎').getByText('未同期')).toHaveCount(0);
      await expect(customerRow(device, '削除 予定')).toHaveCount(0);
      await expect(leftOnDevice(device)).resolves.toEqual({ outbox: 0, rejections: 0 });
      await expect(device.getByRole('status').getByText(/エラー|失敗|できません/)).toHaveCount(0);
    }
  });

  test('refuses to restore while the server runs', ({ server }) => {
    const backup = server.script('backup');
    expect(backup.status, backup.output).toBe(0);
    const dir = /バックアップしました: (.+)/.exec(backup.output)![1]!.trim();
    const refused = server.script('restore', ['--from', dir]);
    expect(refused.status).toBe(1);
    expect(refused.output).toContain('サーバーが動いているため復元できません');
  });
});
