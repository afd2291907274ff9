import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { apiGet, createServerCustomer } from './support/api';
import { waitUntilSynced } from './support/customers-ui';
import { expect, test } from './support/fixtures';
import { logStoreRows } from './support/log-db';
import { pickCustomer } from './support/records-ui';
import { ADMIN } from './support/server';
import { loginViaUi, waitForServiceWorker } from './support/ui';

type Entry = {
  id: string;
  operation: string;
  photoPath: string | null;
  error: { message: string } | null;
  sessionId: string;
};

/**
 * How many entries wait in the device's operation-log queue. They are sealed (issue 25): what they are is
 * checked in the server's log once they are sent.
 */
const queued = async (page: Page) => (await logStoreRows(page, 'operationQueue')).length;

test.describe('operation logs', () => {
  test('keeps what the face screen logged offline through a reload, sends it on reconnecting without the photo, and shows it in the log tab and the error analysis', async ({
    page,
    context,
    serverURL,
  }) => {
    const NAME = 'イシダ ミホ';
    await createServerCustomer(serverURL, { name: NAME, phone: '090-7070-8080' });
    // The patient's photo must never go to the anonymous log, from the page or its service worker.
    const photoUploads: string[] = [];
    context.on('request', (request) => {
      if (request.url().includes('/pwa-operations/log-with-photo')) photoUploads.push(request.url());
    });
    await loginViaUi(page, ADMIN.username, ADMIN.password);
    await waitForServiceWorker(page);
    await page.goto('/face-analysis');
    await expect(page.getByRole('heading', { level: 1, name: '表情分析' })).toBeVisible();
    await waitUntilSynced(page);

    await context.setOffline(true);
    await pickCustomer(page, page.locator('main'), 'いしだ', NAME);
    // A photo whose first bytes say JPEG but which no decoder can read: the analysis fails; the report goes, the photo does not.
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2048, 7)]);
    // Settings 自動分析 (on by default) analyses a photo as soon as it is chosen: no 分析 to press.
    await page.getByLabel('写真を選択').setInputFiles({ name: 'broken.jpg', mimeType: 'image/jpeg', buffer: broken });
    await expect(page.getByText(/^分析エラー: /)).toBeVisible({ timeout: 60_000 });
    // A drawing without a face: the analysis works and finds none.
    const drawing = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#e0e8f0' } })
      .png()
      .toBuffer();
    await page.getByRole('button', { name: '新しい画像' }).click();
    await page.getByLabel('写真を選択').setInputFiles({ name: 'drawing.png', mimeType: 'image/png', buffer: drawing });
    await expect(page.getByRole('region', { name: '分析結果' }).getByText(/^顔が検出されませんでした：/)).toBeVisible({
      timeout: 60_000,
    });

    // face_analysis_start twice, face_analysis_error and face_analysis_success (read back from the server below),
    // and the start-up events (app_start) of the page loads whose batch had not gone before the network did.
    await expect.poll(() => queued(page), { timeout: 10_000 }).toBeGreaterThanOrEqual(4);
    const waiting = await queued(page);
    expect(JSON.stringify(await logStoreRows(page, 'operationQueue'))).not.toContain('face_analysis');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: '表情分析' })).toBeVisible();
    // Every entry is still there after the reload, and the reload's own start-up event joins them.
    await expect.poll(() => queued(page), { timeout: 10_000 }).toBeGreaterThanOrEqual(waiting + 1);

    await context.setOffline(false);
    await expect.poll(() => queued(page), { timeout: 30_000 }).toBe(0);
    const { logs } = await apiGet<{ logs: Entry[] }>(serverURL, '/pwa-operations/logs?operation=face_analysis_error');
    const failure = logs.find(
      (entry) => entry.error?.message === '分析に失敗しました' || entry.error?.message.includes('画像'),
    );
    expect(failure).toBeDefined();
    expect(failure?.photoPath).toBeNull();
    expect(photoUploads).toEqual([]);

    await page.goto('/pwa-operations-log');
    await expect(page.getByRole('heading', { level: 1, name: '操作ログ分析' })).toBeVisible();
    await page
      .locator('label')
      .filter({ has: page.getByRole('radio', { name: 'エラーあり' }) })
      .click();
    const table = page.getByRole('table', { name: '操作ログ一覧' });
    await expect(table.getByText('表情分析のエラー').first()).toBeVisible();
    await expect(table.getByText('表情分析の開始')).toHaveCount(0);

    await table.getByRole('button', { name: '表情分析のエラーの詳細' }).first().click();
    const detail = page.getByRole('dialog', { name: '操作ログの詳細' });
    await expect(detail.getByRole('row').filter({ hasText: /^写真なし$/ })).toBeVisible();
    await expect(detail.getByRole('img', { name: 'ログに添付された写真' })).toHaveCount(0);
    await detail.getByRole('button', { name: '閉じる' }).last().click();
    await table.getByRole('button', { name: '表情分析のエラーのエラーレポート' }).first().click();
    const report = page.getByRole('dialog', { name: 'エラーレポート：表情分析のエラー' });
    await expect(report.getByRole('row').first()).toBeVisible();
    await report.getByRole('button', { name: '閉じる' }).last().click();

    await page.getByRole('tab', { name: 'エラー分析' }).click();
    const stats = page.getByRole('list', { name: 'エラー分析の集計' });
    await expect(stats).toBeVisible();
    const figure = async (label: string) =>
      Number(
        (await stats.getByRole('listitem').filter({ hasText: label }).locator('strong').textContent())?.replace(
          /[^\d.]/g,
          '',
        ),
      );
    expect(await figure('操作数')).toBeGreaterThanOrEqual(4);
    expect(await figure('エラー数')).toBeGreaterThanOrEqual(1);
    await expect(page.getByText('操作ごとのエラー数')).toBeVisible();
    await expect(
      page
        .getByRole('table', { name: '端末ごとの内訳' })
        .getByText(/^パソコン・Linux・Chrome \d+$/)
        .first(),
    ).toBeVisible();
  });
});
