import { type Page } from '@playwright/test';
import { createServerCustomer } from './support/api';
import { TABLET_PORTRAIT } from './support/browser';
import { customerRow, openCustomers } from './support/customers-ui';
import { setPain, tapFigure } from './support/diagnosis-ui';
import { expect, test } from './support/fixtures';
import { answer } from './support/records-ui';
import { ADMIN } from './support/server';
import { loginViaUi } from './support/ui';

// The tablet held upright at the treatment bed (issue 24): one appointment recorded from the chart.
test.use({ viewport: TABLET_PORTRAIT });

const NAME = 'カルテ ハジメ';

/** Today's steps on the chart, each said as 記録済み or まだ. */
async function expectSteps(page: Page, done: Record<'来院' | '施術前' | '診断' | '施術後', boolean>) {
  const today = page.getByRole('region', { name: '本日の施術' });
  for (const [step, isDone] of Object.entries(done))
    await expect(today.getByRole('listitem', { name: `${step}：${isDone ? '記録済み' : 'まだ'}` })).toBeVisible();
}

async function saveSurvey(page: Page, type: '施術前' | '施術後') {
  await expect(page.getByRole('heading', { level: 1, name: 'アンケート管理' })).toBeVisible();
  // The patient and today's visit came with the screen: nothing is picked again.
  await expect(page.locator('.survey-target').getByText(NAME, { exact: true })).toBeVisible();
  await expect(page.getByLabel(type, { exact: true })).toBeChecked();
  await expect(page.locator('.survey-target').getByText(/美容鍼/)).toBeVisible();
  if (type === '施術前') {
    await answer(page, 'いまの痛みの強さを星の数で教えてください', '星4つ');
    await answer(page, '痛みや不調のある部位をすべて選んでください', '肩');
    await answer(page, '最近、よく眠れていますか', 'ふつう');
    await answer(page, '最近のストレスの強さを0から10で教えてください', '6');
  } else {
    await answer(page, '施術の前と比べて、痛みはどのくらい楽になりましたか', '星3つ');
    await answer(page, '今日の施術の満足度を0から10で教えてください', '9');
    await answer(page, '施術中の心地よさはいかがでしたか', '心地よかった');
    await answer(page, '施術のあと、だるさや痛みなど気になる症状はありますか', 'ない');
    await answer(page, 'ご家族やご友人にこの施術をすすめたいと思いますか', 'すすめたい');
  }
  await page.locator('.survey-actions').getByRole('button', { name: '保存' }).click();
  await expect(page.getByText(new RegExp(`^${type}アンケートを保存しました（回答\\d件）`))).toBeVisible();
  // The list of the patient's saved surveys stays in view.
  await expect(page.locator('.saved-surveys').getByText(`${type}アンケート`, { exact: true }).first()).toBeVisible();
}

test.describe('one appointment from the chart', () => {
  test('visit → 施術前 → 診断 → 施術後, the patient picked once, and the day’s steps all done', async ({
    page,
    serverURL,
  }) => {
    test.slow(); // four records through four screens, each waiting for the device's live reads
    await createServerCustomer(serverURL, { name: NAME, phone: '090-2424-2424' });
    await loginViaUi(page, ADMIN.username, ADMIN.password);

    // The one pick: the patient's row on the customer list opens their chart.
    await openCustomers(page);
    await page.getByRole('textbox', { name: '顧客を検索' }).fill('かるて');
    await customerRow(page, NAME).first().click();
    await expect(page.getByRole('heading', { level: 2, name: NAME })).toBeVisible();
    await expectSteps(page, { 来院: false, 施術前: false, 診断: false, 施術後: false });

    // 来院を記録 opens the visit form here, for this patient, today.
    await page.getByRole('button', { name: '来院を記録' }).click();
    const visitForm = page.getByRole('dialog', { name: '新規来院記録' });
    await expect(visitForm.getByText(NAME, { exact: true })).toBeVisible();
    await visitForm.getByLabel('施術メニュー').fill('美容鍼');
    await visitForm.getByRole('button', { name: '保存' }).click();
    await expect(visitForm).toBeHidden();
    await expectSteps(page, { 来院: true, 施術前: false, 診断: false, 施術後: false });

    // Saving the visit offers its pre-survey.
    await page.getByRole('button', { name: '施術前アンケートへ' }).click();
    await saveSurvey(page, '施術前');
    await expect(page.getByRole('button', { name: '施術後アンケートへ' })).toBeVisible();
    await page.getByRole('button', { name: 'カルテに戻る' }).click();
    await expectSteps(page, { 来院: true, 施術前: true, 診断: false, 施術後: false });

    // 診断記録を作成 opens a new record on the body figure; saving it comes back to the chart.
    await page.getByRole('button', { name: '診断記録を作成' }).click();
    const record = page.getByRole('dialog', { name: '新規診断記録' });
    await expect(record.getByRole('tab', { name: '人体図' })).toHaveAttribute('aria-selected', 'true');
    await tapFigure(page, record, '前面', 30, 24);
    await setPain(page, 1, 6);
    await record.getByRole('tab', { name: '基本情報' }).click();
    await expect(record.getByText(NAME, { exact: true })).toBeVisible();
    await record.getByRole('button', { name: '登録' }).click();
    await expect(page.getByRole('heading', { level: 2, name: NAME })).toBeVisible();
    await expectSteps(page, { 来院: true, 施術前: true, 診断: true, 施術後: false });

    await page.getByRole('button', { name: '施術後アンケート' }).click();
    await saveSurvey(page, '施術後');
    await page.getByRole('button', { name: 'カルテに戻る' }).click();
    await expectSteps(page, { 来院: true, 施術前: true, 診断: true, 施術後: true });

    // The patient stays picked on the other screens of the session, through a reload too.
    await page.goto('/camera');
    await expect(page.locator('.camera-target').getByText(NAME, { exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: '撮影履歴' })).toContainText('この患者の写真・動画はまだありません');
  });
});
