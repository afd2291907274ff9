import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { apiGet, createServerCustomer } from './support/api';
import { useBrowser } from './support/browser';
import { waitUntilSynced } from './support/customers-ui';
import { addVisit, answer, openVisits, pickCustomer, visitRow } from './support/records-ui';
import { ADMIN } from './support/server';
import { loginViaUi, waitForServiceWorker } from './support/ui';

const baseURL = inject('baseURL');
const browser = useBrowser(baseURL);
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
  await page.getByText(`${type}アンケートを保存しました（回答5件）`).waitFor();
}

describe('visits and surveys offline', () => {
  it('keeps a visit and a pre and a post survey made offline through a reload, shows them on the chart, then syncs each exactly once', async () => {
    const customer = await createServerCustomer(baseURL, { name: NAME, phone: '090-2222-3333' });
    const context = await browser.newDevice();
    const page = await context.newPage();
    await loginViaUi(page, ADMIN.username, ADMIN.password);
    await waitForServiceWorker(page);
    await openVisits(page);
    await waitUntilSynced(page);

    await context.setOffline(true);
    await page.getByRole('status').getByText('オフライン').waitFor();
    await addVisit(page, { typed: 'たなか', customer: NAME, menu: '美容鍼', price: '６，５００' });
    await visitRow(page, NAME).getByText('未同期').waitFor();
    await expect(visitRow(page, NAME).getByText('¥6,500').isVisible()).resolves.toBe(true);

    await page.getByRole('navigation', { name: 'メインメニュー' }).getByText('アンケート', { exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'アンケート管理' }).waitFor();
    await saveSurvey(page, '施術前', answerPre);
    await saveSurvey(page, '施術後', answerPost);
    await page.getByRole('status').getByText('未同期 3件').waitFor();

    await page.reload();
    await openVisits(page);
    await visitRow(page, NAME).getByText('未同期').waitFor();

    await page.goto(`/customers/${customer.id}`);
    const chart = page.locator('main');
    await chart.getByRole('heading', { name: NAME }).waitFor();
    await chart.getByText('美容鍼').waitFor();
    // Pain before (★4 of 5) against the relief after (★3), side by side for the same day.
    const change = chart.locator('.chart-change');
    await change.waitFor();
    expect(await change.textContent()).toBe('痛み ★★★★☆→改善 ★★★☆☆');
    expect(await chart.getByText('未同期').count()).toBeGreaterThanOrEqual(3);

    await context.setOffline(false);
    await waitUntilSynced(page);
    await chart.getByText('未同期').first().waitFor({ state: 'detached' });

    const visits = await apiGet<Array<{ customer_name: string; service_menu: string; price: number }>>(
      baseURL,
      `/visits?customer_id=${customer.id}`,
    );
    expect(visits).toEqual([expect.objectContaining({ customer_name: NAME, service_menu: '美容鍼', price: 6500 })]);
    const surveys = await apiGet<Array<{ type: string; answers: Record<string, unknown> }>>(
      baseURL,
      `/surveys?customerId=${customer.id}`,
    );
    expect(surveys.map((s) => s.type).sort()).toEqual(['post', 'pre']);
    expect(surveys.find((s) => s.type === 'pre')?.answers).toMatchObject({
      pain_level: 4,
      pain_areas: ['肩'],
      stress_level: 6,
    });
  });

  it('exports the filtered visit list as a CSV that Japanese Excel opens: BOM, Japanese header row, CRLF', async () => {
    const customer = await createServerCustomer(baseURL, { name: 'ヤマモト サクラ', phone: '090-4444-5555' });
    const context = await browser.newDevice();
    const page = await context.newPage();
    await loginViaUi(page, ADMIN.username, ADMIN.password);
    await openVisits(page);
    await addVisit(page, { typed: 'やまもと', customer: 'ヤマモト サクラ', menu: '=SUM(A1)', price: '3000' });
    await pickCustomer(
      page,
      page.getByRole('group', { name: '表示する来院記録の条件' }),
      'やまもと',
      'ヤマモト サクラ',
    );
    await page.getByText('期間合計：1件　¥3,000').or(page.getByText('日計：1件　¥3,000')).waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: /CSV出力/ }).click(),
    ]);
    const bytes = readFileSync(await download.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').split('\r\n');
    expect(lines[0]).toBe('日付,顧客,施術メニュー,料金,担当者,メモ');
    expect(lines[1]).toContain(`,ヤマモト サクラ,'=SUM(A1),3000,admin,`);
    expect(download.suggestedFilename()).toMatch(/^来院記録_.*\.csv$/);
    expect(customer.id).toBeTruthy();
  });
});
