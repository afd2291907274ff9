import { expect, test } from './support/fixtures';
import { waitForServiceWorker } from './support/ui';

test.describe('settings', () => {
  test('keeps settings saved offline through a reload, and the camera screen follows them', async ({
    adminPage: page,
    context,
    serverURL,
  }) => {
    await waitForServiceWorker(page);
    await page.getByRole('navigation', { name: 'メインメニュー' }).getByText('設定', { exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: '設定' })).toBeVisible();
    await context.setOffline(true);

    const save = page.getByRole('button', { name: '保存', exact: true });
    await expect(save).toBeDisabled();
    await page.getByLabel('分析する間隔（秒）').click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('2', { exact: true }).click();
    const prediction = page.getByRole('group', { name: '30秒の動画の場合の目安' });
    await expect(prediction.getByText('15枚')).toBeVisible();
    await expect(prediction.getByText('約13秒')).toBeVisible();
    await expect(page.getByText('変更が保存されていません。「保存」を押すと反映されます。')).toBeVisible();
    await save.click();
    await expect(page.getByText('設定が正常に保存されました。')).toBeVisible();

    // The single-board camera: a real answer from its address says カメラ接続中 (here the app's own server).
    await page.getByRole('radiogroup', { name: '使用するカメラ' }).getByText('外部カメラ（Raspberry Pi）').click();
    await expect(page.getByRole('status').filter({ hasText: 'カメラ未接続' }).first()).toBeVisible();
    await context.setOffline(false);
    await page.getByLabel('外部カメラのアドレス').fill(`${serverURL}/api/health`);
    await expect(page.getByRole('status').filter({ hasText: 'カメラ接続中' }).first()).toBeVisible();
    await save.click();
    await expect(page.getByText('設定が正常に保存されました。')).toBeVisible();

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: '設定' })).toBeVisible();
    await expect(page.getByRole('group', { name: '30秒の動画の場合の目安' }).getByText('15枚')).toBeVisible();
    await expect(page.getByLabel('外部カメラのアドレス')).toHaveValue(`${serverURL}/api/health`);

    await page.getByRole('navigation', { name: 'メインメニュー' }).getByText('動画撮影', { exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: '動画撮影' })).toBeVisible();
    await expect(page.getByRole('radio', { name: '外部カメラ（Raspberry Pi）' })).toBeChecked();
    await expect(page.getByRole('status').filter({ hasText: 'カメラ未接続' }).first()).toBeVisible();
  });
});
