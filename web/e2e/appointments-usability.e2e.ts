import { apiPost, createServerCustomers } from './support/api';
import { settled } from './support/axe';
import { expect, test } from './support/fixtures';
import { ADMIN } from './support/server';
import { loginViaUi } from './support/ui';
import { SIZES, screenChecks } from './support/screen-checks';

// A Thursday: open 9:00–19:00 by default.
const DAY = '2026-12-10';

test.describe('the 予約表 and its dialogs', SIZES, () => {
  test('pass axe-core, fit and are tappable, with an overlap on the day', async ({ page, viewport, serverURL }) => {
    const width = viewport!.width;
    const [customer, other] = await createServerCustomers(serverURL, [
      { name: `予約確認${width}`, nameKana: 'ヨヤクカクニン', phone: '03-8888-0000' },
      { name: `予約重複${width}`, nameKana: 'ヨヤクジュウフク', phone: '03-8888-0001' },
    ]);
    // Each screen size books its own 施術者, so the three runs do not overlap one another.
    const staffName = `施術者${width}`;
    const base = { date: DAY, minutes: 45, staffName, serviceMenu: '鍼灸' };
    await apiPost(serverURL, '/appointments', { ...base, customerId: customer!.id, start: '10:00' });
    await apiPost(serverURL, '/appointments', { ...base, customerId: other!.id, start: '10:30' });
    await apiPost(serverURL, '/appointments', {
      ...base,
      customerId: other!.id,
      start: '15:00',
      status: 'cancelled',
    });
    await loginViaUi(page, ADMIN.username, ADMIN.password);
    const { problems, check } = screenChecks(page);

    await page.goto(`/appointments?date=${DAY}`);
    await expect(page.getByRole('heading', { level: 1, name: '予約表' })).toBeVisible();
    await expect(page.getByRole('alert').getByText('予約が重なっています')).toBeVisible();
    await expect(
      page.getByRole('button', { name: new RegExp(`^10:00〜10:45 予約確認${width} ?（${staffName}`) }),
    ).toBeVisible();
    await check('/appointments');

    await page.getByRole('button', { name: '予約を追加', exact: true }).click();
    const create = page.getByRole('dialog', { name: '予約を追加' });
    await settled(page);
    await create.getByRole('button', { name: '保存' }).click();
    await expect(create.getByText('顧客を選択してください')).toBeVisible();
    await check('/appointments 予約を追加');
    await create.getByRole('button', { name: 'キャンセル' }).click();
    await expect(create).toBeHidden();

    await page.getByRole('button', { name: new RegExp(`^10:00〜10:45 予約確認${width}`) }).click();
    const open = page.getByRole('dialog', { name: '予約' });
    await settled(page);
    await expect(open.getByRole('button', { name: '来院済みにする' })).toBeVisible();
    await check('/appointments 予約');
    await open.getByRole('button', { name: 'キャンセル', exact: true }).click();
    await expect(open).toBeHidden();

    await page.goto(`/customers/${other!.id}`);
    await expect(
      page.getByRole('region', { name: '予約' }).getByText('キャンセル 1回・無断キャンセル 0回'),
    ).toBeVisible();
    await check('/customers/{id} 予約');
    await page.getByRole('button', { name: '次回予約' }).click();
    await settled(page);
    await expect(page.getByRole('dialog', { name: '次回予約' })).toBeVisible();
    await check('/customers/{id} 次回予約');

    await page.goto('/settings');
    await expect(page.getByRole('heading', { name: '診療時間' })).toBeVisible();
    await check('/settings 診療時間');
    expect(problems).toEqual([]);
  });
});
