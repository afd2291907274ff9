import type { Page, Request } from '@playwright/test';
import sharp from 'sharp';
import { apiGet, apiLogin, createServerCustomer } from './support/api';
import { history, recordClip } from './support/camera-ui';
import { waitUntilSynced } from './support/customers-ui';
import { expect, test } from './support/fixtures';
import { pickCustomer } from './support/records-ui';
import { ADMIN } from './support/server';
import { loginViaUi, waitForServiceWorker } from './support/ui';

type ServerMedia = { id: string; kind: string; size: number; uploaded: boolean; fileName: string };

async function openCamera(page: Page) {
  await page.getByRole('navigation', { name: 'メインメニュー' }).getByText('動画撮影', { exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: '動画撮影' })).toBeVisible();
}

/** Every tus request the page makes, for counting creations and reading offsets. */
function watchUploads(page: Page) {
  const seen: { method: string; url: string; offset: number | null }[] = [];
  page.on('request', (request: Request) => {
    if (!request.url().includes('/api/media/tus')) return;
    const offset = request.headers()['upload-offset'];
    seen.push({ method: request.method(), url: request.url(), offset: offset === undefined ? null : Number(offset) });
  });
  return seen;
}

/** Empties every stored file on the device, as freeSpace does for captures the server holds (thumbnails stay). */
async function dropFilesOnDevice(page: Page) {
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('clinic');
        open.onerror = () => reject(open.error ?? new Error('indexedDB.open failed'));
        open.onsuccess = () => {
          const tx = open.result.transaction('mediaFiles', 'readwrite');
          const store = tx.objectStore('mediaFiles');
          const all = store.getAll();
          all.onsuccess = () => {
            for (const file of all.result as { blob: Blob | null }[])
              store.put({ ...file, blob: null, droppedAt: new Date().toISOString() });
          };
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error ?? new Error('transaction failed'));
        };
      }),
  );
}

/** A customer on the server, and `page` a logged-in device on the camera screen that has synced them. */
async function cameraFor(page: Page, baseURL: string, name: string, phone: string) {
  const customer = await createServerCustomer(baseURL, { name, phone });
  const uploads = watchUploads(page);
  await loginViaUi(page, ADMIN.username, ADMIN.password);
  await waitForServiceWorker(page);
  await openCamera(page);
  await waitUntilSynced(page);
  return { customer, uploads };
}

test.describe('camera and media offline', () => {
  test('keeps a photo and a 3 s video taken offline through a reload, shows them in the history and the chart, then uploads each once', async ({
    page,
    context,
    serverURL,
  }) => {
    const NAME = 'サトウ ユイ';
    const { customer, uploads } = await cameraFor(page, serverURL, NAME, '090-4444-5555');

    await context.setOffline(true);
    await expect(page.getByRole('status').getByText('オフライン').first()).toBeVisible();
    await expect(page.getByRole('button', { name: '録画開始' })).toBeDisabled();
    await expect(page.getByText('動画撮影には顧客の選択が必要です。上で顧客を選択してください。')).toBeVisible();
    await pickCustomer(page, page.locator('main'), 'さとう', NAME);
    // Offline, the camera still streams: its chip says so in camera words, never オンライン.
    await expect(page.getByText('カメラ接続中', { exact: true })).toBeVisible();
    await expect(page.getByText('オンライン', { exact: true })).toHaveCount(0);

    await page.getByRole('button', { name: '写真撮影' }).click();
    await expect(history(page).filter({ hasText: '写真' })).toBeVisible();
    await recordClip(page, 3);
    await expect(
      history(page)
        .filter({ hasText: '動画' })
        .filter({ hasText: /0:0[34]/ }),
    ).toBeVisible();
    await expect(history(page)).toHaveCount(2);

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: '動画撮影' })).toBeVisible();
    await expect(history(page).nth(1)).toBeVisible();
    await expect(history(page)).toHaveCount(2);
    await expect(history(page).filter({ hasText: '未送信' })).toHaveCount(2);

    await page.goto(`/customers/${customer.id}`);
    const media = page.getByRole('region', { name: '写真・動画' });
    await expect(media.getByRole('listitem').nth(1)).toBeVisible();
    await expect(media.getByRole('listitem')).toHaveCount(2);

    await context.setOffline(false);
    await expect(media.getByRole('listitem').filter({ hasText: '送信済み' }).nth(1)).toBeVisible({ timeout: 60_000 });
    const onServer = await apiGet<ServerMedia[]>(serverURL, `/media?customerId=${customer.id}`);
    expect(onServer.map((m) => [m.kind, m.uploaded]).sort()).toEqual([
      ['photo', true],
      ['video', true],
    ]);
    expect(uploads.filter((u) => u.method === 'POST')).toHaveLength(2);

    await openCamera(page);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      history(page).filter({ hasText: '動画' }).getByRole('button', { name: 'ダウンロード' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^video_original_\d+\.webm$/);

    // Short of space, the device drops files the server holds; the chart then plays the video from the server.
    await dropFilesOnDevice(page);
    await page.goto(`/customers/${customer.id}`);
    await page.getByRole('region', { name: '写真・動画' }).getByRole('button', { name: /^動画/ }).click();
    const player = page.getByRole('dialog').locator('video');
    await expect(player).toBeVisible();
    await expect(player).toHaveAttribute('src', /^\/api\/media\/[\w-]+\/file\?sig=/);
    // HAVE_METADATA: the server's file has started to play.
    await expect.poll(() => player.evaluate((video: HTMLVideoElement) => video.readyState)).toBeGreaterThanOrEqual(1);
  });

  test('resumes a cut upload from the last byte the server holds, after a reload too, and never stores it twice', async ({
    page,
    context,
    serverURL,
  }) => {
    const NAME = 'タカハシ ミサキ';
    const { customer, uploads } = await cameraFor(page, serverURL, NAME, '090-6666-7777');

    // The connection drops after two 4 MB pieces have arrived: every later piece fails.
    let cut = false;
    let piecesThrough = 0;
    await context.route('**/api/media/tus/**', async (route) => {
      if (route.request().method() !== 'PATCH') return route.continue();
      if (cut) return route.abort('connectionreset');
      piecesThrough += 1;
      if (piecesThrough === 2) cut = true;
      return route.continue();
    });

    // A 20 MB clip from the tablet's own files: a WebM header, then noise.
    const size = 20 * 1024 * 1024;
    const video = Buffer.alloc(size);
    for (let i = 0; i < size; i += 4) video.writeUInt32LE((Math.random() * 0xffffffff) >>> 0, i);
    Buffer.from([0x1a, 0x45, 0xdf, 0xa3]).copy(video, 0);
    await pickCustomer(page, page.locator('main'), 'たかはし', NAME);
    await page
      .getByLabel('ファイルから取り込む')
      .setInputFiles({ name: 'clip.webm', mimeType: 'video/webm', buffer: video });
    await expect(history(page).filter({ hasText: '動画' })).toBeVisible();

    await expect
      .poll(() => uploads.filter((u) => u.method === 'PATCH' && u.offset === 8 * 1024 * 1024).length, {
        timeout: 60_000,
      })
      .toBeGreaterThan(0);
    // The progress in bytes while it tries again.
    await expect(
      history(page)
        .filter({ hasText: /送信中 \d+%/ })
        .filter({ hasText: /MB \/ 20\.0 MB/ }),
    ).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: '動画撮影' })).toBeVisible();
    const beforeReconnect = uploads.length;
    cut = false;
    await expect(history(page).filter({ hasText: '送信済み' })).toBeVisible({ timeout: 90_000 });

    const afterReconnect = uploads.slice(beforeReconnect).filter((u) => u.method === 'PATCH');
    expect(afterReconnect[0]?.offset).toBe(8 * 1024 * 1024);
    expect(uploads.filter((u) => u.method === 'PATCH' && u.offset === 0)).toHaveLength(1);
    expect(uploads.filter((u) => u.method === 'POST')).toHaveLength(1);

    const [stored] = await apiGet<ServerMedia[]>(serverURL, `/media?customerId=${customer.id}`);
    expect(stored).toMatchObject({ kind: 'video', size, uploaded: true });
    const token = await apiLogin(serverURL, ADMIN.username, ADMIN.password);
    const file = await fetch(`${serverURL}/api/media/${stored!.id}/file`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(Buffer.from(await file.arrayBuffer()).equals(video)).toBe(true);
  });

  test('stores one file when the same capture is sent twice through the multipart call', async ({ serverURL }) => {
    const customer = await createServerCustomer(serverURL, { name: 'イトウ ハナ', phone: '090-8888-9999' });
    const token = await apiLogin(serverURL, ADMIN.username, ADMIN.password);
    const mediaId = crypto.randomUUID();
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c88' } })
      .jpeg()
      .toBuffer();
    const send = async () => {
      const form = new FormData();
      form.set('file', new Blob([jpeg], { type: 'image/jpeg' }), 'photo.jpg');
      form.set('customer_id', customer.id);
      form.set('media_id', mediaId);
      form.set('linkToLatestMedicalRecord', 'false');
      const response = await fetch(`${serverURL}/api/media/upload`, {
        method: 'POST',
        body: form,
        headers: { authorization: `Bearer ${token}` },
      });
      return (await response.json()) as { success: boolean; data: { id: string } };
    };
    expect((await send()).data.id).toBe(mediaId);
    expect((await send()).data.id).toBe(mediaId);
    const list = await apiGet<ServerMedia[]>(serverURL, `/media?customerId=${customer.id}`);
    expect(list.map((m) => m.id)).toEqual([mediaId]);
  });
});
