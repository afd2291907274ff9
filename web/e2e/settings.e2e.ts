import { describe, expect, inject, it } from 'vitest';
import { useBrowser } from './support/browser';
import { ADMIN } from './support/server';
import { loginViaUi, waitForServiceWorker } from './support/ui';

const baseURL = inject('baseURL');
const browser = useBrowser(baseURL);

describe('settings', () => {
  it('keeps settings saved offline through a reload, and the camera screen follows them', async () => {
    const context = await browser.newDevice();
    const page = await context.newPage();
    await loginViaUi(page, ADMIN.username, ADMIN.password);
    await waitForServiceWorker(page);
    await page.getByRole('navigation', { name: 'メインメニュー' }).getByText('設定', { exact: true }).click();
    await page.getByRole('heading', { level: 1, name: '設定' }).waitFor();
    await context.setOffline(true);

    const save = page.getByRole('button', { name: '保存', exact: true });
    await expect(save.isDisabled()).resolves.toBe(true);
    await page.getByLabel('分析する間隔（秒）').click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('2', { exact: true }).click();
    const prediction = page.getByRole('group', { name: '30秒の動画の場合の目安' });
    await prediction.getByText('15枚').waitFor();
    await prediction.getByText('約13秒').waitFor();
    await page.getByText('変更が保存されていません。「保存」を押すと反映されます。').waitFor();
    await save.click();
    await page.getByText('設定が正常に保存されました').waitFor();

    // The single-board camera: a real answer from its address says オンライン (here the app's own server).
    await page.getByRole('radiogroup', { name: '使用するカメラ' }).getByText('外部カメラ（Raspberry Pi）').click();
    await page.getByRole('status').filter({ hasText: 'オフライン' }).first().waitFor();
    await context.setOffline(false);
    await page.getByLabel('外部カメラのアドレス').fill(`${baseURL}/api/health`);
    await page.getByRole('status').filter({ hasText: 'オンライン' }).first().waitFor();
    await save.click();
    await page.getByText('設定が正常に保存されました').waitFor();

    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: '設定' }).waitFor();
    await page.getByRole('group', { name: '30秒の動画の場合の目安' }).getByText('15枚').waitFor();
    await expect(page.getByLabel('外部カメラのアドレス').inputValue()).resolves.toBe(`${baseURL}/api/health`);

    await page.getByRole('navigation', { name: 'メインメニュー' }).getByText('動画撮影', { exact: true }).click();
    await page.getByRole('heading', { level: 1, name: '動画撮影' }).waitFor();
    await expect(page.getByRole('radio', { name: '外部カメラ（Raspberry Pi）' }).isChecked()).resolves.toBe(true);
    await page.getByRole('status').filter({ hasText: 'オフライン' }).first().waitFor();
  });
});
