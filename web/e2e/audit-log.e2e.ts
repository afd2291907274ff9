import { readFileSync } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import { createServerCustomer } from './support/api';
import { useBrowser } from './support/browser';
import { pickCustomer } from './support/records-ui';
import { ADMIN } from './support/server';
import { loginViaUi } from './support/ui';

const baseURL = inject('baseURL');
const browser = useBrowser(baseURL);

describe('access log', () => {
  it('shows who opened which patient\'s chart, filtered by patient, and exports it as CSV with a BOM', async () => {
    const NAME = 'タカハシ ユキ';
    const customer = await createServerCustomer(baseURL, { name: NAME, phone: '090-3030-4040' });
    const page = await (await browser.newDevice()).newPage();
    await loginViaUi(page, ADMIN.username, ADMIN.password);
    await page.goto(`/customers/${customer.id}`);
    await page.getByText(NAME).first().waitFor();

    await page.getByRole('navigation', { name: 'メインメニュー' }).getByText('アクセスログ', { exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'アクセスログ' }).waitFor();
    await page.getByText('誰が・いつ・どの記録を閲覧・変更したかの記録です。記録は変更・削除できません。').waitFor();
    await pickCustomer(page, page.locator('main'), 'たかはし', NAME);
    const table = page.getByRole('table', { name: 'アクセスログ一覧' });
    const row = table.getByRole('row').filter({ hasText: `${NAME}カルテ番号 ${customer.chartNumber}` }).first();
    await row.waitFor();
    await row.getByText(ADMIN.username, { exact: true }).waitFor();
    // Once the filtered answer is in, every row left is this patient's own, or a list read (a sync's pull,
    // the customer list) that included them.
    const rows = () => table.getByRole('row').filter({ has: page.getByRole('cell') }).allTextContents();
    const ofThisPatient = (text: string) => text.includes(NAME) || /\d+件の記録/.test(text);
    await expect.poll(async () => (await rows()).every(ofThisPatient), { timeout: 10_000 }).toBe(true);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /CSVで書き出す/ }).click()]);
    expect(download.suggestedFilename()).toMatch(/^access-log-\d{8}\.csv$/);
    const text = readFileSync((await download.path())!, 'utf8');
    expect(text.startsWith('\uFEFF日時,ユーザー,操作,対象,対象ID,患者名,カルテ番号')).toBe(true);
    expect(text).toContain(NAME);
  });
});
