import { createServerCustomers, createUser } from './support/api';
import { settled } from './support/axe';
import { expect, test } from './support/fixtures';
import { loginViaUi } from './support/ui';
import { SIZES, screenChecks } from './support/screen-checks';

/**
 * 表示名 (issue 38): a person is named by the name the clinic writes, the user name staying the sign-in
 * ID; the user form tells the user-name rule under its field while one types. At every size, axe clean.
 */
test.describe('people by their display names', SIZES, () => {
  test('the greeting, the menu and the user form name people by it, and pass axe-core', async ({
    page,
    viewport,
    serverURL,
  }) => {
    const username = `sato${viewport!.width}`;
    const password = 'Sato-Pass-2026!';
    await createUser(serverURL, {
      username,
      email: `${username}@clinic.example`,
      password,
      role: 'admin',
      display_name: '佐藤 花子',
    });
    const { problems, check } = screenChecks(page);
    await loginViaUi(page, username, password);
    await expect(page.getByText('お疲れさまです、佐藤 花子さん')).toBeVisible();
    await check('/dashboard');

    await page.goto('/user-management');
    const table = page
      .getByRole('table', { name: 'ユーザー一覧' })
      .or(page.getByRole('list', { name: 'ユーザー一覧' }));
    await expect(table.getByText('佐藤 花子（あなた）')).toBeVisible();
    await expect(table.getByText(username, { exact: true })).toBeVisible();
    await check('/user-management');
    await page.getByRole('button', { name: /新規ユーザー/ }).click();
    const form = page.getByRole('dialog', { name: '新規ユーザー' });
    await expect(form.getByText('ログインに使います。3-20文字の英数字・アンダースコア・ハイフン')).toBeVisible();
    await form.getByLabel('ユーザー名').fill('佐藤');
    // Told under the field as one types, before 保存.
    await expect(
      form.getByText('ユーザー名は3-20文字の英数字・アンダースコア・ハイフンで入力してください'),
    ).toBeVisible();
    await form.getByLabel('表示名').fill('鈴木 一郎');
    await settled(page);
    await check('/user-management 新規ユーザー');
    await form.getByRole('button', { name: 'キャンセル' }).click();
    const discard = page.getByRole('button', { name: '破棄する' });
    if (await discard.isVisible()) await discard.click();
    await expect(form).toBeHidden();
    expect(problems).toEqual([]);
  });

  test('a chart with nothing of today highlights 来院を記録, and it names the staff by display name', async ({
    page,
    viewport,
    serverURL,
  }) => {
    const [customer] = await createServerCustomers(serverURL, [
      { name: `次の手順${viewport!.width}`, nameKana: 'ツギノテジュン', phone: '03-9999-0001' },
    ]);
    const username = `suzuki${viewport!.width}`;
    await createUser(serverURL, {
      username,
      email: `${username}@clinic.example`,
      password: 'Suzuki-Pass-2026!',
      role: 'staff',
      display_name: '鈴木 一郎',
    });
    await loginViaUi(page, username, 'Suzuki-Pass-2026!');
    const { problems, check } = screenChecks(page);
    await page.goto(`/customers/${customer!.id}`);
    const actions = page.getByRole('region', { name: '本日の施術' });
    await expect(actions.getByRole('listitem', { name: '来院：まだ' })).toBeVisible();
    await expect(actions.getByRole('button', { name: '来院を記録' })).toHaveClass(/ant-btn-primary/);
    await expect(actions.getByRole('button', { name: '施術前アンケート' })).not.toHaveClass(/ant-btn-primary/);
    await check('/customers/{id} 今日の記録');
    await actions.getByRole('button', { name: '来院を記録' }).click();
    const visitForm = page.getByRole('dialog', { name: '新規来院記録' });
    // 担当者 is the person by display name.
    await expect(visitForm.getByLabel('担当者')).toHaveValue('鈴木 一郎');
    await settled(page);
    await check('/customers/{id} 来院を記録');
    expect(problems).toEqual([]);
  });
});
