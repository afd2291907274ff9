import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { apiGet, createServerCustomer } from './support/api';
import { waitUntilSynced } from './support/customers-ui';
import { expect, test } from './support/fixtures';
import { addVisit, answer, openVisits, pickCustomer, visitRow } from './support/records-ui';
import { ADMIN } from './support/server';
import { loginViaUi, waitForServiceWorker } from './support/ui';

// A カタカナ name: the pickers must find it by ひらがな.
const NAME = 'タナカ ミドリ';

async function answerPre(page: Page) {
  await answer(page, 'いまの痛みの強さを星の数で教えてください', '星4つ');
  await answer(page, '痛みや不調のある部位をすべて選んでください', '肩');
  await answer(page, '最近、よく眠れていますか', 'ふつう');
  await answer(page, '最近のストレスの強さを0から10で教えてください', '6');
  await page
    .getByRole('textbox', { name: '今日の施術へのご要望や、期待することがあればお書きください（任意）' })
    .fill('肩こりを楽にしたい');
}

async function answerPost(page: Page) {
  await answer(page, '施術の前と比べて、痛みはどのくらい楽になりましたか', '星3つ');
  await answer(page, '今日の施術の満足度を0から10で教えてください', '9');
  await answer(page, '施術中の心地よさはいかがでしたか', '心地よかった');
  await answer(page, '施術のあと、だるさや痛みなど気になる症状はありますか', 'ない');
  await answer(page, 'ご家族やご友人にこの施術をすすめたいと思いますか', 'すすめたい');
}

async function saveSurvey(page: Page, type: '施術前' | '施術後', answerAll: (page: Page) => Promise<void>) {
  await pickCustomer(page, page.locator('.survey-target'), 'たなか', NAME);
  await page.getByLabel(type, { exact: true }).locator('xpath=ancestor::label[1]').click();
  await answerAll(page);
  await page.locator('.survey-actions').getByRole('button', { name: '保存' }).click();
  await expect(page.getByText(`${type}アンケートを保存しました（回答5件）`)).toBeVisible();
}

test.describe('visits and surveys offline', () => {
  test('keeps a visit and a pre and a post survey made offline through a reload, shows them on the chart, then syncs each exactly once', async ({
    page,
    context,
    serverURL,
  }) => {
    const customer = await createServerCustomer(serverURL, { name: NAME, phone: '090-2222-3333' });
    await loginViaUi(page, ADMIN.username, ADMIN.password);
    await waitForServiceWorker(page);
    await openVisits(page);
    await waitUntilSynced(page);

    await context.setOffline(true);
    await expect(page.getByRole('status').getByText('オフライン')).toBeVisible();
    await addVisit(page, { typed: 'たなか', customer: NAME, menu: '美容鍼', price: '６，５００' });
    await expect(visitRow(page, NAME).getByText('未同期')).toBeVisible();
    await expect(visitRow(page, NAME).getByText('¥6,500')).toBeVisible();

    await page.getByRole('navigation', { name: 'メインメニュー' }).getByText('アンケート', { exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'アンケート管理' })).toBeVisible();
    await saveSurvey(page, '施術前', answerPre);
    await saveSurvey(page, '施術後', answerPost);
    await expect(page.getByRole('status').getByText('未同期 3件')).toBeVisible();

    await page.reload();
    await openVisits(page);
    await expect(visitRow(page, NAME).getByText('未同期')).toBeVisible();

    await page.goto(`/customers/${customer.id}`);
    const chart = page.locator('main');
    await expect(chart.getByRole('heading', { name: NAME })).toBeVisible();
    await expect(chart.getByText('美容鍼')).toBeVisible();
    // Pain before (★4 of 5) against the relief after (★3), side by side for the same day.
    await expect(chart.locator('.chart-change')).toHaveText('痛み ★★★★☆→改善 ★★★☆☆');
    expect(await chart.getByText('未同期').count()).toBeGreaterThanOrEqual(3);

    await context.setOffline(false);
    await waitUntilSynced(page);
    await expect(chart.getByText('未同期')).toHaveCount(0);

    const visits = await apiGet<Array<{ customer_name: string; service_menu: string; price: number }>>(
      serverURL,
      `/visits?customer_id=${customer.id}`,
    );
    expect(visits).toEqual([expect.objectContaining({ customer_name: NAME, service_menu: '美容鍼', price: 6500 })]);
    const surveys = await apiGet<Array<{ type: string; answers: Record<string, unknown> }>>(
      serverURL,
      `/surveys?customerId=${customer.id}`,
    );
    expect(surveys.map((s) => s.type).sort()).toEqual(['post', 'pre']);
    expect(surveys.find((s) => s.type === 'pre')?.answers).toMatchObject({
      pain_level: 4,
      pain_areas: ['肩'],
      stress_level: 6,
    });
  });

  test('exports the filtered visit list as a CSV that Japanese Excel opens: BOM, Japanese header row, CRLF', async ({
    page,
    serverURL,
  }) => {
    const customer = await createServerCustomer(serverURL, { name: 'ヤマモト サクラ', phone: '090-4444-5555' });
    await loginViaUi(page, ADMIN.username, ADMIN.password);
    await openVisits(page);
    await addVisit(page, { typed: 'やまもと', customer: 'ヤマモト サクラ', menu: '=SUM(A1)', price: '3000' });
    await pickCustomer(
      page,
      page.getByRole('group', { name: '表示する来院記録の条件' }),
      'やまもと',
      'ヤマモト サクラ',
    );
    await expect(page.getByText('期間合計：1件　¥3,000').or(page.getByText('日計：1件　¥3,000'))).toBeVisible();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: /CSV出力/ }).click(),
    ]);
    const bytes = readFileSync(await download.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').split('\r\n');
    expect(lines[0]).toBe('日付,カルテ番号,顧客,施術メニュー,料金,担当者,メモ');
    expect(lines[1]).toMatch(
      new RegExp(`^\\d{4}-\\d{2}-\\d{2},${customer.chartNumber},ヤマモト サクラ,'=SUM\\(A1\\),3000,admin,`),
    );
    expect(download.suggestedFilename()).toMatch(/^来院記録_.*\.csv$/);
    expect(customer.id).toBeTruthy();
  });
});
