import { createServerCustomers } from './support/api';
import { axeViolations, settled } from './support/axe';
import { openCustomers } from './support/customers-ui';
import { expect, test } from './support/fixtures';
import { ADMIN } from './support/server';
import { loginViaUi } from './support/ui';
import { SIZES, englishNames, scrollsSideways, tooSmallToTap, withinScreen } from './support/screen-checks';

test.describe('on this screen', SIZES, () => {
  test('the login page and the dashboard pass axe-core', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'ログイン', exact: true })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'ログイン', exact: true }).click(); // empty: the errors show
    await expect(page.getByText('ユーザー名またはメールアドレスを入力してください').first()).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await loginViaUi(page, ADMIN.username, ADMIN.password);
    expect(await axeViolations(page)).toEqual([]);
    expect(await tooSmallToTap(page)).toEqual([]);
    expect(await scrollsSideways(page)).toBe(false);
    expect(await englishNames(page)).toEqual([]);
  });

  test('every action of the customer screen is in reach of a finger, and every view passes axe-core, online and offline', async ({
    page,
    context,
    viewport,
    serverURL,
  }) => {
    const name = `タップ確認${viewport!.width}`;
    await createServerCustomers(serverURL, [{ name, nameKana: 'タップカクニン', phone: '03-1111-0000' }]);
    await loginViaUi(page, ADMIN.username, ADMIN.password);
    await openCustomers(page);
    await page.getByRole('textbox', { name: '顧客を検索' }).fill(name);
    await expect(page.getByText(name, { exact: true }).first()).toBeVisible();

    expect(await scrollsSideways(page)).toBe(false);
    expect(await tooSmallToTap(page)).toEqual([]);
    for (const action of [`${name}を編集`, `${name}を削除`, '新規顧客'])
      expect(await withinScreen(page, action), action).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    expect(await englishNames(page)).toEqual([]);

    // 編集 opens the customer's form (a tap on the row opens the chart).
    await page.getByRole('button', { name: `${name}を編集` }).click();
    const edit = page.getByRole('dialog', { name: '顧客情報の編集' });
    await expect(edit).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await edit.getByRole('button', { name: 'キャンセル' }).click();
    await expect(edit).toBeHidden();

    // A toast shows at the bottom of the screen, never over the header and its sync status (issue 24).
    await page.getByRole('button', { name: `${name}を編集` }).click();
    await expect(edit).toBeVisible();
    await settled(page);
    await edit.getByLabel('電話番号').fill('03-1111-0001');
    await edit.getByRole('button', { name: '保存' }).click();
    await expect(edit).toBeHidden();
    const toast = page.getByText('保存しました', { exact: true });
    await expect(toast).toBeVisible();
    const header = (await page.getByRole('banner').boundingBox())!;
    // Measured once it has slid in from below.
    await expect
      .poll(async () => {
        const box = await toast.boundingBox();
        return box ? box.y + box.height : Infinity;
      })
      .toBeLessThanOrEqual(viewport!.height);
    expect((await toast.boundingBox())!.y).toBeGreaterThan(header.y + header.height);

    // On a screen without the side menu, a tap on the page already shown closes the menu.
    const menuButton = page.getByRole('button', { name: 'メニューを開く' });
    if (await menuButton.isVisible()) {
      await menuButton.click();
      const menu = page.getByRole('navigation', { name: 'メインメニュー' });
      await menu.getByRole('link', { name: /顧客管理/ }).click();
      await expect(menu).toBeHidden();
    }

    await page.getByRole('button', { name: '新規顧客' }).click();
    const create = page.getByRole('dialog', { name: '新規顧客登録' });
    // Open as a person sees it, grown to its place with the cursor in its first field, before 保存 is tapped. A tap
    // while antd's zoom still moves the button presses it and lets go beside it, and no message shows (seen in
    // full runs; the cursor is in the field before the zoom ends).
    await expect(create.getByRole('textbox', { name: '顧客名' })).toBeFocused();
    await settled(page);
    await create.getByRole('button', { name: '保存' }).click();
    await expect(create.getByText('顧客名を入力してください')).toBeVisible();
    expect(await tooSmallToTap(page)).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    await create.getByRole('button', { name: 'キャンセル' }).click();
    await expect(create).toBeHidden();

    await page.getByRole('button', { name: `${name}を削除` }).click();
    const confirm = page.getByRole('dialog', { name: `顧客「${name}」を削除しますか？` });
    await expect(confirm.getByText('このデータは元に戻せません。')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'キャンセル' }).click();
    await expect(confirm).toBeHidden();

    for (const offline of [false, true]) {
      await context.setOffline(offline);
      if (offline) await expect(page.getByRole('button', { name: /^同期の状況：オフラインです/ })).toBeVisible();
      await page.getByRole('button', { name: /^同期の状況：/ }).click();
      const drawer = page.getByRole('dialog', { name: '同期の状況' });
      await expect(drawer).toBeVisible();
      expect(await tooSmallToTap(page)).toEqual([]);
      expect(await axeViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await expect(drawer).toBeHidden();
    }
    expect(await axeViolations(page)).toEqual([]);
    await context.setOffline(false);
  });
});

/**
 * The menu's screens that no other sweep checks at the three sizes. Checked elsewhere, with data in them:
 * ダッシュボード and 顧客管理 above; 来院履歴, 診断記録 (both routes), アンケート and 表情分析 with results in
 * usability-records.e2e.ts; ユーザー管理, 端末エラーログ, 操作ログ分析 and アクセスログ in usability-admin.e2e.ts.
 * A new menu entry goes into one of them or here.
 */
const SCREENS = [
  ['/camera', '動画撮影'],
  ['/face-analysis', '表情分析'],
  ['/settings', '設定'],
] as const;

test.describe('every screen of the menu', SIZES, () => {
  test('passes axe-core and fits the screen', async ({ adminPage: page }) => {
    const problems: string[] = [];
    for (const [path, title] of SCREENS) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      problems.push(...(await axeViolations(page)).map((v) => `${path}: ${v}`));
      problems.push(...(await tooSmallToTap(page)).map((v) => `${path}: too small to tap: ${v}`));
      if (await scrollsSideways(page)) problems.push(`${path}: scrolls sideways`);
    }
    expect(problems).toEqual([]);
  });
});

test.describe('the customer list', () => {
  test('keeps its header opaque and on top while the rows scroll under it', async ({ page, serverURL }) => {
    // More rows than the screen holds, so they can scroll.
    const PREFIX = 'タッチ確認';
    const names = Array.from({ length: 40 }, (_, i) => `${PREFIX}${String(i + 1).padStart(2, '0')}`);
    await createServerCustomers(
      serverURL,
      names.map((name, i) => ({ name, nameKana: 'タッチカクニン', phone: `03-1111-${String(i).padStart(4, '0')}` })),
    );
    await loginViaUi(page, ADMIN.username, ADMIN.password);
    await openCustomers(page);
    await page.getByRole('textbox', { name: '顧客を検索' }).fill(PREFIX);
    await expect(page.getByText(names.at(-1)!, { exact: true })).toBeVisible(); // the newest, at the top
    const header = page.getByRole('columnheader', { name: '顧客名' });
    const box = (await header.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + 200);
    await page.mouse.wheel(0, 30); // a row now sits partly under the header
    await expect.poll(() => page.locator('.vt-scroller').evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
    const seen = await page.evaluate(
      ({ x, y }) => {
        const top = document.elementFromPoint(x, y);
        const cell = top?.closest('[role=columnheader]');
        const background = cell ? getComputedStyle(cell.closest('[role=rowgroup]') ?? cell).backgroundColor : '';
        return { onHeader: cell !== null && cell !== undefined, background };
      },
      { x: box.x + box.width / 2, y: box.y + box.height / 2 },
    );
    expect(seen.onHeader).toBe(true);
    // An opaque colour: rgb(…) or rgba(…, 1), never a see-through one.
    expect(seen.background).toMatch(/^rgb\(|^rgba\(.*,\s*1\)$/);
  });
});
