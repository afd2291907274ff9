import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { apiLogin, createServerCustomer } from './support/api';
import { history, recordClip } from './support/camera-ui';
import { waitUntilSynced } from './support/customers-ui';
import { expect, test as base } from './support/fixtures';
import { FACE_SAMPLE } from './support/face-sample';
import { pickCustomer } from './support/records-ui';
import { ADMIN } from './support/server';
import { loginViaUi, waitForServiceWorker } from './support/ui';

/**
 * Chromium's test camera plays the face-api package's sample photo (three smiling faces) as motion-JPEG
 * frames written at test time: this file's browser is launched with that file as its camera.
 */
const test = base.extend<object, { fakeCamera: string }>({
  fakeCamera: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's needs from this pattern; it has none
    async ({}, use) => {
      const file = join(mkdtempSync(join(tmpdir(), 'clinic-camera-')), 'faces.mjpeg');
      const frame = await sharp(FACE_SAMPLE).resize(1280, 720, { fit: 'cover' }).jpeg({ quality: 85 }).toBuffer();
      writeFileSync(file, Buffer.concat(Array.from({ length: 30 }, () => frame)));
      await use(file);
      rmSync(dirname(file), { recursive: true, force: true });
    },
    { scope: 'worker' },
  ],
  launchOptions: [
    async ({ launchOptions, fakeCamera }, use) => {
      await use({
        ...launchOptions,
        args: [...(launchOptions.args ?? []), `--use-file-for-fake-video-capture=${fakeCamera}`],
      });
    },
    { scope: 'worker' },
  ],
});

type HistoryEntry = { source: string; faces: number; mediaId: string | null };

async function openScreen(page: Page, name: string) {
  await page.getByRole('navigation', { name: 'メインメニュー' }).getByText(name, { exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

test.describe('expression analysis on the camera screen', () => {
  test('analyses a photo when asked (表情を分析) and a recorded clip frame by frame, offline, with progress and cancel, and keeps both results', async ({
    page,
    context,
    serverURL,
  }) => {
    const NAME = 'イノウエ ミク';
    const customer = await createServerCustomer(serverURL, { name: NAME, phone: '090-9898-7676' });
    await loginViaUi(page, ADMIN.username, ADMIN.password);
    await waitForServiceWorker(page);
    await openScreen(page, '動画撮影');
    await waitUntilSynced(page);
    await context.setOffline(true);
    await pickCustomer(page, page.locator('main'), 'いのうえ', NAME);

    // The photo is kept at once (offline: sent later) and not analysed unasked (treatment photos are of
    // shoulders); its preview analyses it on request and then holds the faces.
    await page.getByRole('button', { name: '写真撮影' }).click();
    await expect(page.getByText('写真を端末に保存しました。オンラインになると自動で送信されます')).toBeVisible();
    await history(page)
      .filter({ hasText: '写真' })
      .getByRole('button', { name: /をプレビュー$/ })
      .click();
    let dialog = page.getByRole('dialog');
    const analysis = dialog.getByRole('region', { name: '表情分析' });
    await analysis.getByRole('button', { name: '表情を分析' }).click();
    await expect(analysis.getByRole('heading', { name: '顔 1' })).toBeVisible({ timeout: 60_000 });
    await expect(analysis.getByRole('button', { name: '表情を分析' })).toHaveCount(0);
    await expect(analysis.getByText('喜び').first()).toBeVisible();
    // The quality score now counts the faces too: their presence and the largest one's size.
    await expect(dialog.getByRole('region', { name: '品質スコア' }).getByText('顔', { exact: true })).toBeVisible();
    await expect(
      dialog.getByRole('region', { name: '品質スコア' }).getByText(/^\d+点（顔の大きさ 画面の\d+%）$/),
    ).toBeVisible();
    await dialog.getByRole('button', { name: '閉じる' }).last().click();

    // The app's clock then says under 4 s and the file itself is just over 3 s long (see recordClip).
    await recordClip(page, 3.6);
    await history(page)
      .filter({ hasText: '動画' })
      .getByRole('button', { name: /をプレビュー$/ })
      .click();
    dialog = page.getByRole('dialog');
    const clip = dialog.getByRole('region', { name: '表情分析' });

    await clip.getByRole('button', { name: '動画を分析' }).click();
    await clip.getByRole('button', { name: '分析を中止' }).click();
    await expect(page.getByText('動画の分析を中止しました')).toBeVisible();

    await clip.getByRole('button', { name: '動画を分析' }).click();
    // A clip of 3.x s sampled every second (the default): frames at 0, 1, 2 and 3 s.
    await expect(clip.getByRole('status').getByText(/^\d \/ 4 フレーム$/)).toBeVisible();
    await expect(page.getByText('動画の分析が完了しました（4フレーム中4フレームで顔を検出）')).toBeVisible({
      timeout: 60_000,
    });
    await expect(clip.getByRole('img', { name: /^感情の推移：喜び 平均\d+%/ })).toBeVisible();
    await expect(clip.locator('polyline').first()).toBeVisible();
    await dialog.getByRole('button', { name: '閉じる' }).last().click();

    // The settings' prediction now uses this device's measured time per frame.
    await openScreen(page, '設定');
    await expect(
      page
        .getByRole('group', { name: '30秒の動画の場合の目安' })
        .getByText('この端末で動画を分析したときの実測にもとづく目安です'),
    ).toBeVisible();

    await page.reload();
    await page.goto(`/customers/${customer.id}`);
    const section = page.getByRole('region', { name: '表情分析' });
    await expect(section.getByRole('button', { name: /動画/ })).toBeVisible();
    await expect(section.getByRole('button')).toHaveCount(2);

    await context.setOffline(false);
    const token = await apiLogin(serverURL, ADMIN.username, ADMIN.password);
    const serverHistory = async () =>
      (
        (await (
          await fetch(`${serverURL}/api/face-analysis/history/${customer.id}`, {
            headers: { authorization: `Bearer ${token}` },
          })
        ).json()) as { data: HistoryEntry[] }
      ).data;
    await expect
      .poll(async () => (await serverHistory()).map((e) => e.source).sort(), { timeout: 30_000 })
      .toEqual(['photo', 'video']);
  });
});
