import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, inject, it } from 'vitest';
import { apiLogin, createServerCustomer } from './support/api';
import { useBrowser } from './support/browser';
import { waitUntilSynced } from './support/customers-ui';
import { FACE_SAMPLE } from './support/face-sample';
import { pickCustomer } from './support/records-ui';
import { ADMIN } from './support/server';
import { loginViaUi, waitForServiceWorker } from './support/ui';

const baseURL = inject('baseURL');
// Chromium's test camera plays the face-api package's sample photo as motion-JPEG frames written at test time.
const FAKE_CAMERA = join(mkdtempSync(join(tmpdir(), 'clinic-camera-')), 'faces.mjpeg');
const browser = useBrowser(
  baseURL,
  async () => {
    const frame = await sharp(FACE_SAMPLE).resize(1280, 720, { fit: 'cover' }).jpeg({ quality: 85 }).toBuffer();
    writeFileSync(FAKE_CAMERA, Buffer.concat(Array.from({ length: 30 }, () => frame)));
  },
  () => [`--use-file-for-fake-video-capture=${FAKE_CAMERA}`],
);

type HistoryEntry = { source: string; faces: number; mediaId: string | null };

async function openScreen(page: Page, name: string) {
  await page.getByRole('navigation', { name: 'メインメニュー' }).getByText(name, { exact: true }).click();
  await page.getByRole('heading', { level: 1, name }).waitFor();
}

function history(page: Page) {
  return page.getByRole('list', { name: '撮影履歴' }).getByRole('listitem');
}

describe('expression analysis on the camera screen', () => {
  it('analyses a photo at once (自動分析) and a recorded clip frame by frame, offline, with progress and cancel, and keeps both results', async () => {
    const NAME = 'イノウエ ミク';
    const customer = await createServerCustomer(baseURL, { name: NAME, phone: '090-9898-7676' });
    const context = await browser.newDevice();
    const page = await context.newPage();
    await loginViaUi(page, ADMIN.username, ADMIN.password);
    await waitForServiceWorker(page);
    await openScreen(page, '動画撮影');
    await waitUntilSynced(page);
    await context.setOffline(true);
    await pickCustomer(page, page.locator('main'), 'いのうえ', NAME);

    // The photo is kept at once, then analysed: its main emotion shows, and its preview holds the faces.
    await page.getByRole('button', { name: '写真撮影' }).click();
    await page.getByText(/^表情分析：喜び \d+%/).waitFor({ timeout: 60_000 });
    await history(page)
      .filter({ hasText: '写真' })
      .getByRole('button', { name: /をプレビュー$/ })
      .click();
    let dialog = page.getByRole('dialog');
    const analysis = dialog.getByRole('region', { name: '表情分析' });
    await analysis.getByRole('heading', { name: '顔 1' }).waitFor();
    await expect(analysis.getByText('喜び').count()).resolves.toBeGreaterThan(0);
    // The quality score now counts the faces too: their presence and the largest one's size.
    await dialog.getByRole('region', { name: '品質スコア' }).getByText('顔', { exact: true }).waitFor();
    await dialog
      .getByRole('region', { name: '品質スコア' })
      .getByText(/^\d+点（顔の大きさ 画面の\d+%）$/)
      .waitFor();
    await dialog.getByRole('button', { name: '閉じる' }).last().click();

    await page.getByRole('button', { name: '録画開始' }).click();
    await page.getByText('録画中').waitFor();
    await page.waitForTimeout(3_200);
    await page.getByRole('button', { name: '録画停止' }).click();
    await history(page)
      .filter({ hasText: /0:0[34]/ }) // 3.2 s, up to a second more when the stop tap lands late on a busy machine
      .getByRole('button', { name: /をプレビュー$/ })
      .click();
    dialog = page.getByRole('dialog');
    const clip = dialog.getByRole('region', { name: '表情分析' });

    await clip.getByRole('button', { name: '動画を分析' }).click();
    await clip.getByRole('button', { name: '分析を中止' }).click();
    await page.getByText('動画の分析を中止しました').waitFor();

    await clip.getByRole('button', { name: '動画を分析' }).click();
    // A 3.2 s clip sampled every second (the default): frames at 0, 1, 2 and 3 s.
    await clip
      .getByRole('status')
      .getByText(/^\d \/ 4 フレーム$/)
      .waitFor();
    await page.getByText('動画の分析が完了しました（4フレーム中4フレームで顔を検出）').waitFor({ timeout: 60_000 });
    await clip.getByRole('img', { name: /^感情の推移：喜び 平均\d+%/ }).waitFor();
    await expect(clip.locator('polyline').count()).resolves.toBeGreaterThan(0);
    await dialog.getByRole('button', { name: '閉じる' }).last().click();

    // The settings' prediction now uses this device's measured time per frame.
    await openScreen(page, '設定');
    await page
      .getByRole('group', { name: '30秒の動画の場合の目安' })
      .getByText('この端末で動画を分析したときの実測にもとづく目安です')
      .waitFor();

    await page.reload();
    await page.goto(`/customers/${customer.id}`);
    const section = page.getByRole('region', { name: '表情分析' });
    await section.getByRole('button', { name: /動画/ }).waitFor();
    await expect(section.getByRole('button').count()).resolves.toBe(2);

    await context.setOffline(false);
    const token = await apiLogin(baseURL, ADMIN.username, ADMIN.password);
    const serverHistory = async () =>
      (
        (await (
          await fetch(`${baseURL}/api/face-analysis/history/${customer.id}`, {
            headers: { authorization: `Bearer ${token}` },
          })
        ).json()) as { data: HistoryEntry[] }
      ).data;
    await expect
      .poll(async () => (await serverHistory()).map((e) => e.source).sort(), { timeout: 30_000 })
      .toEqual(['photo', 'video']);
  });
});
