import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page } from '@playwright/test';
import { adminReader, ensureUser } from './support/api';
import { settled } from './support/axe';
import { CHROMIUM_ARGS, CHROMIUM_PATH, TABLET } from './support/browser';
import { history } from './support/camera-ui';
import { customerRow, openCustomers, waitUntilSynced } from './support/customers-ui';
import { diagnosisDialog, openDiagnosis, setPain, showTab, startDiagnosis, tapFigure } from './support/diagnosis-ui';
import { expect, test } from './support/fixtures';
import { answer, openVisits, pickCustomer } from './support/records-ui';
import { loginViaUi, waitForServiceWorker } from './support/ui';
import { queueHoldsOutbox } from './support/worker-queue';

/**
 * Issue 37: changes made offline reach the server with the app closed. Each scenario works offline, closes
 * the app (or the whole browser), and brings the network back: within 60 s the server has every change
 * exactly once, sent by the service worker's sealed queue with no page of the app open.
 */

const THERAPIST = {
  username: 'bgsync-therapist',
  email: 'bgsync-therapist@clinic.example',
  password: 'Bgsync-Therapist-2026!',
  role: 'staff' as const,
};
const ARRIVE_MS = 60_000;

test.beforeAll(async ({ serverURL }) => {
  await ensureUser(serverURL, THERAPIST);
});

const launch = (dir: string, serverURL: string, offline = false) =>
  chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    headless: true,
    baseURL: serverURL,
    viewport: TABLET,
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
    offline,
  });

/** A customer with a visit, a survey, a diagnosis with a marker and a photo, all made offline. */
async function workOffline(page: Page, name: string, phone: string) {
  await openCustomers(page);
  await page.getByRole('button', { name: '新規顧客' }).click();
  const dialog = page.getByRole('dialog', { name: '新規顧客登録' });
  await settled(page);
  await dialog.getByLabel('顧客名').fill(name);
  await dialog.getByLabel('電話番号').fill(phone);
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog).toBeHidden();
  await expect(customerRow(page, name)).toBeVisible();

  await openVisits(page);
  await page.getByRole('button', { name: '新規来院記録' }).click();
  const visit = page.getByRole('dialog', { name: '新規来院記録' });
  await settled(page);
  await pickCustomer(page, visit, name, name);
  await visit.getByLabel('施術メニュー').fill('鍼灸');
  await visit.getByLabel('料金').fill('5000');
  await visit.getByRole('button', { name: '保存' }).click();
  await expect(visit).toBeHidden();

  await page.getByRole('navigation', { name: 'メインメニュー' }).getByText('アンケート', { exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'アンケート管理' })).toBeVisible();
  await pickCustomer(page, page.locator('.survey-target'), name, name);
  await page.getByLabel('施術前', { exact: true }).locator('xpath=ancestor::label[1]').click();
  await answer(page, 'いまの痛みの強さを星の数で教えてください', '星4つ');
  await answer(page, '痛みや不調のある部位をすべて選んでください', '肩');
  await answer(page, '最近、よく眠れていますか', 'ふつう');
  await answer(page, '最近のストレスの強さを0から10で教えてください', '6');
  await page.locator('.survey-actions').getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('施術前アンケートを保存しました（回答4件）')).toBeVisible();

  await openDiagnosis(page);
  const diagnosis = await startDiagnosis(page, name, name);
  await showTab(diagnosis, '人体図');
  await tapFigure(page, diagnosis, '前面', 30, 24);
  await setPain(page, 1, 6, '右肩の張り');
  await diagnosis.getByRole('button', { name: '登録' }).click();
  await expect(diagnosisDialog(page, 'create')).toBeHidden();

  await page.getByRole('navigation', { name: 'メインメニュー' }).getByText('動画撮影', { exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: '動画撮影' })).toBeVisible();
  await pickCustomer(page, page.locator('main'), name, name);
  await page.getByRole('button', { name: '写真撮影' }).click();
  await expect(history(page).filter({ hasText: '写真' })).toBeVisible();
}

type Counts = {
  customers: number;
  visits: number;
  surveys: number;
  diagnoses: number;
  markers: number;
  photos: number;
};

/** What the server holds of `name`'s records, read as an administrator. */
async function onServer(serverURL: string, name: string): Promise<Counts> {
  const read = await adminReader(serverURL);
  const customers = await read<Array<{ id: string; name: string }>>(
    `/customers?limit=100&search=${encodeURIComponent(name)}`,
  );
  const mine = customers.filter((c) => c.name === name);
  const id = mine[0]?.id;
  if (!id) return { customers: 0, visits: 0, surveys: 0, diagnoses: 0, markers: 0, photos: 0 };
  const [visits, surveys, diagnoses, media] = await Promise.all([
    read<unknown[]>(`/visits?customer_id=${id}`),
    read<unknown[]>(`/surveys?customerId=${id}`),
    read<{ diagnosisList: Array<{ bodyParts: unknown[] }> }>(`/diagnosis/customer/${id}`),
    read<Array<{ kind: string }>>(`/media?customerId=${id}`),
  ]);
  return {
    customers: mine.length,
    visits: visits.length,
    surveys: surveys.length,
    diagnoses: diagnoses.diagnosisList.length,
    markers: diagnoses.diagnosisList.flatMap((d) => d.bodyParts).length,
    photos: media.filter((m) => m.kind === 'photo').length,
  };
}

const EACH_ONCE: Counts = { customers: 1, visits: 1, surveys: 1, diagnoses: 1, markers: 1, photos: 1 };
const NONE: Counts = { customers: 0, visits: 0, surveys: 0, diagnoses: 0, markers: 0, photos: 0 };

/** Signed in, synced once (the tablet then has its credential and the server's key), then offline. */
async function startShift(context: BrowserContext) {
  const page = context.pages()[0] ?? (await context.newPage());
  await loginViaUi(page, THERAPIST.username, THERAPIST.password);
  await waitForServiceWorker(page);
  await openCustomers(page);
  await waitUntilSynced(page);
  await context.setOffline(true);
  await expect(page.getByRole('status').getByText('オフライン').first()).toBeVisible();
  return page;
}

/** Every change arrives once within 60 s, with no page of the app open; and stays once (no late duplicate). */
async function arrivesOnce(serverURL: string, name: string) {
  await expect.poll(() => onServer(serverURL, name), { timeout: ARRIVE_MS, intervals: [1_000] }).toEqual(EACH_ONCE);
}

test.describe('changes leave the tablet with the app closed (issue 37)', () => {
  test.describe.configure({ timeout: 240_000 });

  test('the app closed, the network back: the server has each change once within 60 s, no page open', async ({
    serverURL,
  }) => {
    const dir = mkdtempSync(join(tmpdir(), 'clinic-bgsync-'));
    const context = await launch(dir, serverURL);
    try {
      const page = await startShift(context);
      const name = `背景同期${crypto.randomUUID().slice(0, 6)}`;
      await workOffline(page, name, '090-3700-0001');
      await expect.poll(() => queueHoldsOutbox(page)).toBe(true);
      await page.close();
      expect(context.pages()).toHaveLength(0);
      expect(await onServer(serverURL, name)).toEqual(NONE);

      await context.setOffline(false);
      await arrivesOnce(serverURL, name);
      expect(context.pages()).toHaveLength(0);
    } finally {
      await context.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('the lock showing, then the app closed: the same', async ({ serverURL }) => {
    const dir = mkdtempSync(join(tmpdir(), 'clinic-bgsync-'));
    const context = await launch(dir, serverURL);
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.clock.install();
      await startShift(context);
      const name = `施錠同期${crypto.randomUUID().slice(0, 6)}`;
      await workOffline(page, name, '090-3700-0002');
      await page.clock.fastForward('05:01');
      await expect(page.getByRole('dialog', { name: '画面をロックしました' })).toBeVisible();
      await expect.poll(() => queueHoldsOutbox(page)).toBe(true);
      await page.close();
      expect(await onServer(serverURL, name)).toEqual(NONE);

      await context.setOffline(false);
      await arrivesOnce(serverURL, name);
    } finally {
      await context.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('the browser closed offline and opened again with the same profile, no page of the app: the same', async ({
    serverURL,
  }) => {
    const dir = mkdtempSync(join(tmpdir(), 'clinic-bgsync-'));
    const name = `再起動同期${crypto.randomUUID().slice(0, 6)}`;
    try {
      const first = await launch(dir, serverURL);
      try {
        const page = await startShift(first);
        await workOffline(page, name, '090-3700-0003');
        await expect.poll(() => queueHoldsOutbox(page)).toBe(true);
      } finally {
        await first.close();
      }
      expect(await onServer(serverURL, name)).toEqual(NONE);

      // The tablet restarts its browser with the network back: only a blank tab, nothing of the app.
      const again = await launch(dir, serverURL);
      try {
        expect(again.pages().map((p) => p.url())).toEqual(['about:blank']);
        await arrivesOnce(serverURL, name);
      } finally {
        await again.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
