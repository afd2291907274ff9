import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { ensureUser } from './support/api';
import { settled } from './support/axe';
import { CHROMIUM_ARGS, CHROMIUM_PATH, TABLET } from './support/browser';
import { customerRow, openCustomers, waitUntilSynced } from './support/customers-ui';
import { diagnosisDialog, openDiagnosis, setPain, showTab, startDiagnosis, tapFigure } from './support/diagnosis-ui';
import { expect, test } from './support/fixtures';
import { findInProfile } from './support/profile-files';
import { openVisits, pickCustomer } from './support/records-ui';
import { loginViaUi, waitForServiceWorker } from './support/ui';

const RECEPTION = {
  username: 'profile-reception',
  email: 'profile-reception@clinic.example',
  password: 'Profile-Reception-2026!',
  role: 'staff' as const,
};

// Unique to this run, so nothing left by another run (or the app's own code) can match.
const tag = crypto.randomUUID().slice(0, 8);
const digits = String(Date.now()).slice(-8);
const MARK = {
  name: `マーカー花子${tag}`,
  phone: `090-${digits.slice(0, 4)}-${digits.slice(4)}`,
  email: `marker-${tag}@clinic.example`,
  address: `東京都マーカー区住所${tag}`,
  medicalHistory: `既往歴マーカー${tag}`,
  visitNotes: `来院メモマーカー${tag}`,
  diagnosisNotes: `診断メモマーカー${tag}`,
  generalHealth: `健康状態マーカー${tag}`,
  painNotes: `痛みメモマーカー${tag}`,
  // Typed and left open, unsaved, when the browser closes.
  openHistory: `未保存既往歴マーカー${tag}`,
  openSurvey: `未保存アンケートマーカー${tag}`,
};
const SURVEY_TEXT = '今日の施術へのご要望や、期待することがあればお書きください（任意）';
/**
 * Chromium sends a page's form state to its session files about a second after each change and writes them
 * every few seconds: the scenario gives it that long before closing, as a tablet left alone would.
 */
const SESSION_WRITE_MS = 5_000;

test.beforeAll(async ({ serverURL }) => {
  await ensureUser(serverURL, RECEPTION);
});

async function addCustomerOffline(page: Page) {
  await page.getByRole('button', { name: '新規顧客' }).click();
  const dialog = page.getByRole('dialog', { name: '新規顧客登録' });
  await expect(dialog).toBeVisible();
  await settled(page);
  await dialog.getByLabel('顧客名').fill(MARK.name);
  await dialog.getByLabel('電話番号').fill(MARK.phone);
  await dialog.getByLabel('メールアドレス').fill(MARK.email);
  await dialog.getByLabel('住所').fill(MARK.address);
  await dialog.getByLabel('既往歴').fill(MARK.medicalHistory);
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog).toBeHidden();
  await expect(customerRow(page, MARK.name)).toBeVisible();
}

async function addVisitOffline(page: Page) {
  await openVisits(page);
  await page.getByRole('button', { name: '新規来院記録' }).click();
  const dialog = page.getByRole('dialog', { name: '新規来院記録' });
  await expect(dialog).toBeVisible();
  await settled(page);
  await pickCustomer(page, dialog, MARK.name, MARK.name);
  await dialog.getByLabel('施術メニュー').fill('鍼灸');
  await dialog.getByLabel('料金').fill('5000');
  await dialog.getByLabel('メモ').fill(MARK.visitNotes);
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog).toBeHidden();
}

async function addDiagnosisOffline(page: Page) {
  await openDiagnosis(page);
  const dialog = await startDiagnosis(page, MARK.name, MARK.name);
  await dialog.getByLabel('全体的な健康状態').fill(MARK.generalHealth);
  await dialog.getByLabel('診断メモ').fill(MARK.diagnosisNotes);
  await showTab(dialog, '人体図');
  await tapFigure(page, dialog, '前面', 30, 24);
  await setPain(page, 1, 6, MARK.painNotes);
  await dialog.getByRole('button', { name: '登録' }).click();
  await expect(diagnosisDialog(page, 'create')).toBeHidden();
}

test.describe('what the browser keeps by itself', () => {
  test('no value typed into a form, saved or left open, offline, is in any file of the browser profile after it closes', async ({
    serverURL,
  }) => {
    test.setTimeout(90_000);
    // A profile of its own, so that the browser can be closed and its folder read as a thief would.
    const dir = mkdtempSync(join(tmpdir(), 'clinic-profile-'));
    const context = await chromium.launchPersistentContext(dir, {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
      headless: true,
      baseURL: serverURL,
      viewport: TABLET,
      locale: 'ja-JP',
      timezoneId: 'Asia/Tokyo',
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await loginViaUi(page, RECEPTION.username, RECEPTION.password);
      await waitForServiceWorker(page);
      await openCustomers(page);
      await waitUntilSynced(page);

      await context.setOffline(true);
      await addCustomerOffline(page);
      await addVisitOffline(page);
      await addDiagnosisOffline(page);

      // The receptionist looks the patient up by name and starts correcting the 既往歴, unsaved.
      await openCustomers(page);
      await page.getByRole('textbox', { name: '顧客を検索' }).fill(MARK.name);
      await page.getByRole('button', { name: `${MARK.name}を編集` }).click();
      const edit = page.getByRole('dialog', { name: '顧客情報の編集' });
      await expect(edit).toBeVisible();
      await settled(page);
      await edit.getByLabel('既往歴').fill(MARK.openHistory);

      // In a second tab, the patient writes in the survey, unsaved.
      const survey = await context.newPage();
      await survey.goto('/surveys');
      await expect(survey.getByRole('heading', { level: 1, name: 'アンケート管理' })).toBeVisible();
      await pickCustomer(survey, survey.locator('.survey-target'), MARK.name, MARK.name);
      await survey.getByRole('textbox', { name: SURVEY_TEXT }).fill(MARK.openSurvey);

      await page.waitForTimeout(SESSION_WRITE_MS);
    } finally {
      await context.close();
    }
    const found = findInProfile(dir, Object.values(MARK));
    rmSync(dir, { recursive: true, force: true });
    expect(found).toEqual([]);
  });
});
