import type { Page } from '@playwright/test';
import { apiPost, createServerCustomers } from './support/api';
import { axeViolations, settled } from './support/axe';
import { openCustomers } from './support/customers-ui';
import { FACE_SAMPLE } from './support/face-sample';
import { expect, test } from './support/fixtures';
import { pickCustomer } from './support/records-ui';
import { ADMIN } from './support/server';
import { loginViaUi } from './support/ui';

// The scenarios tagged @sizes run on each of the three screens (a 10-inch tablet in landscape and in
// portrait, a phone): the projects of playwright.config.ts.
const SIZES = { tag: '@sizes' };

/** Nothing on the page reaches past the screen's right edge (no sideways scrolling). */
const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

/** Buttons and links a finger can see but that are smaller than 44 × 44 px, by their names. */
const tooSmallToTap = async (page: Page) => {
  await settled(page);
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('button, a[href], [role=button]')]
      .filter((el) => {
        const box = el.getBoundingClientRect();
        const style = getComputedStyle(el);
        const shown =
          box.width > 0 && box.height > 0 && style.visibility !== 'hidden' && box.bottom > 0 && box.top < innerHeight;
        // Layout size, not the painted box: a dialog still zooming in paints its buttons smaller.
        return shown && (el.offsetWidth < 44 || el.offsetHeight < 44);
      })
      .map(
        (el) =>
          `${el.getAttribute('aria-label') ?? el.textContent?.trim() ?? el.tagName} ${el.offsetWidth}×${el.offsetHeight}`,
      ),
  );
};

/**
 * Names a screen reader would read out in English: antd's icons label themselves ("plus", "home")
 * unless hidden, and that label joins the name of the button or menu item around them.
 */
const englishNames = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('[aria-label], [role=img]')]
      .filter(
        (el) => el.closest('[aria-hidden=true]') === null && /[A-Za-z]{2,}/.test(el.getAttribute('aria-label') ?? ''),
      )
      .map((el) => el.getAttribute('aria-label')),
  );

/** axe-core, finger-sized controls and no sideways scrolling, checked wherever `check` is called. */
function screenChecks(page: Page) {
  const problems: string[] = [];
  const check = async (where: string) => {
    problems.push(...(await axeViolations(page)).map((v) => `${where}: ${v}`));
    problems.push(...(await tooSmallToTap(page)).map((v) => `${where}: too small to tap: ${v}`));
    if (await scrollsSideways(page)) problems.push(`${where}: scrolls sideways`);
  };
  return { problems, check };
}

/** The element is wholly inside the screen's width, so it can be tapped without scrolling sideways. */
async function withinScreen(page: Page, name: string) {
  const box = await page.getByRole('button', { name }).first().boundingBox();
  const width = page.viewportSize()!.width;
  return box !== null && box.x >= 0 && box.x + box.width <= width && box.width >= 44 && box.height >= 44;
}

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

    await page.getByRole('button', { name: '新規顧客' }).click();
    const create = page.getByRole('dialog', { name: '新規顧客登録' });
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

const SCREENS = [
  ['/dashboard', 'ダッシュボード'],
  ['/customers', '顧客管理'],
  ['/visits', '来院履歴'],
  ['/diagnosis', '診断記録'],
  ['/diagnosis-v2', '診断記録 v2'],
  ['/surveys', 'アンケート管理'],
  ['/camera', '動画撮影'],
  ['/face-analysis', '表情分析'],
  ['/settings', '設定'],
  ['/user-management', 'ユーザー管理'],
  ['/android-logs', '端末エラーログ'],
  ['/pwa-operations-log', '操作ログ分析'],
  ['/audit-log', 'アクセスログ'],
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

test.describe("the screens of a customer's records, with records in them", SIZES, () => {
  test('pass axe-core, fit and are tappable', async ({ page, viewport, serverURL }) => {
    const [customer] = await createServerCustomers(serverURL, [
      { name: `記録確認${viewport!.width}`, nameKana: 'キロクカクニン', phone: '03-9999-0000' },
    ]);
    const visit = await apiPost<{ id: string }>(serverURL, '/visits', {
      customer_id: customer!.id,
      date: new Date().toLocaleDateString('sv-SE', { timeZone: 'Asia/Tokyo' }),
      service_menu: '美容鍼',
      price: 6500,
      notes: '肩と首のこりが強く、右の肩甲骨の内側に圧痛あり。次回は腰も診る。',
    });
    for (const [type, answers] of [
      ['pre', { pain_level: 4, pain_areas: ['肩', '首'], sleep_quality: 'fair', stress_level: 6 }],
      [
        'post',
        { pain_improvement: 3, satisfaction: 9, comfort: 'comfortable', side_effects: 'none', recommend: 'probably' },
      ],
    ] as const) {
      await apiPost(serverURL, '/surveys', { customer_id: customer!.id, visit_id: visit.id, type, answers });
    }
    // Three records of a sore right shoulder and lower back: the chart then has its trend, heat map and chronic area.
    for (const [date, level] of [
      ['2026-09-01', 8],
      ['2026-10-01', 7],
      ['2026-11-01', 6],
    ] as const) {
      await apiPost(serverURL, '/diagnosis', {
        customer_id: customer!.id,
        date,
        general_health: '疲れやすい',
        notes: '右肩から首にかけての張りが強い',
        bodyParts: [
          {
            id: 1,
            body_part: '前面 (30.0%, 24.0%)',
            pain_level: level,
            x: 30,
            y: 24,
            view: 'front',
            notes: '腕を上げると痛む',
          },
          { id: 2, body_part: '前面 (31.0%, 25.0%)', pain_level: 3, x: 31, y: 25, view: 'front', notes: '' },
          { id: 3, body_part: '背面 (43.0%, 39.0%)', pain_level: level - 2, x: 43, y: 39, view: 'back', notes: '' },
        ],
      });
    }
    await loginViaUi(page, ADMIN.username, ADMIN.password);
    const { problems, check } = screenChecks(page);

    await page.goto('/visits');
    await expect(page.getByText('美容鍼').first()).toBeVisible();
    await check('/visits');
    await page.getByRole('button', { name: '新規来院記録' }).click();
    const dialog = page.getByRole('dialog', { name: '新規来院記録' });
    await dialog.getByRole('button', { name: '保存' }).click();
    await expect(dialog.getByText('日付と顧客は必須です').first()).toBeVisible();
    await check('/visits new visit');
    await dialog.getByRole('button', { name: 'キャンセル' }).click();
    await expect(dialog).toBeHidden();

    await page.goto('/surveys');
    await expect(page.getByRole('heading', { level: 1, name: 'アンケート管理' })).toBeVisible();
    await page.locator('.survey-actions').getByRole('button', { name: '保存' }).click();
    await expect(page.getByText('顧客を選択してください').first()).toBeVisible();
    await check('/surveys');

    // A photo analysed for the customer: the results with their face boxes, the history, then the chart's section.
    await page.goto('/face-analysis');
    await pickCustomer(page, page.locator('main'), `記録確認${viewport!.width}`, `記録確認${viewport!.width}`);
    await page.getByLabel('写真を選択').setInputFiles(FACE_SAMPLE);
    await page.getByRole('button', { name: /(^| )分析$/ }).click();
    await expect(page.getByRole('heading', { name: '顔 1' })).toBeVisible({ timeout: 60_000 });
    await check('/face-analysis with results');
    await page.getByRole('button', { name: '履歴' }).click();
    await expect(page.getByRole('dialog', { name: '表情分析の履歴' }).getByRole('row').nth(1)).toBeVisible();
    await check('/face-analysis history');
    await page.getByRole('dialog', { name: '表情分析の履歴' }).getByRole('button', { name: '閉じる' }).last().click();

    await page.goto(`/customers/${customer!.id}`);
    await expect(page.locator('.chart-change')).toBeVisible();
    await expect(page.getByRole('region', { name: '表情分析' }).getByRole('button', { name: /喜び/ })).toBeVisible();
    await expect(page.getByText('慢性的な部位', { exact: true }).first()).toBeVisible();
    await check('/customers/{id}');

    for (const path of ['/diagnosis', '/diagnosis-v2']) {
      await page.goto(path);
      await expect(page.locator('.diagnosis-item').first()).toBeVisible();
      await check(path);
    }
    // The record in view mode, tab by tab, then a new record's body map and its pain-detail dialog.
    await page
      .locator('.diagnosis-item')
      .first()
      .getByRole('button', { name: /の詳細$/ })
      .click();
    const record = page.getByRole('dialog', { name: '診断記録の詳細' });
    await expect(record).toBeVisible();
    await settled(page);
    for (const tab of ['基本情報', '人体図', '痛みの一覧', 'まとめ']) {
      await record.getByRole('tab', { name: tab }).click();
      await settled(page);
      await check(`/diagnosis-v2 record: ${tab}`);
    }
    await record.getByRole('button', { name: '閉じる' }).last().click();
    await expect(record).toBeHidden();
    await page.getByRole('button', { name: '新規診断記録' }).click();
    const create = page.getByRole('dialog', { name: '新規診断記録' });
    await create.getByRole('tab', { name: '人体図' }).click();
    const figure = create.getByRole('group', { name: '人体図（前面）' });
    const box = (await figure.boundingBox())!;
    await page.mouse.click(box.x + box.width * 0.5, box.y + box.height * 0.34);
    const detail = page.getByRole('dialog', { name: '痛みの詳細（痛み1）' });
    await expect(detail).toBeVisible();
    await settled(page);
    await check('/diagnosis-v2 pain detail');
    expect(problems).toEqual([]);
  });
});

/** A phone's error report and a tablet's operation logs, sent as the devices send them (no login). */
async function seedLogs(baseURL: string, tag: string) {
  const post = (path: string, body: unknown) =>
    fetch(`${baseURL}/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const sessionId = `usability-${tag}`;
  await post('/android-logs/error', {
    sessionId,
    deviceInfo: {
      platform: 'Android 14',
      viewport: '390x844',
      connectionType: '4g',
      userAgent: 'Mozilla/5.0 (Linux; Android 14)',
      screenSize: '390x844',
      language: 'ja',
    },
    errors: [
      {
        type: 'window_error',
        severity: 'high',
        message: '画面の表示中にエラーが起きました',
        stack: 'TypeError: x\n    at render (app.js:1:1)',
        timestamp: new Date().toISOString(),
        url: '/visits',
      },
    ],
    performance: {
      pageLoadTime: 2400,
      domContentLoaded: 900,
      firstContentfulPaint: 600,
      apiResponseTimes: [
        { url: '/customers', method: 'GET', status: 200, duration: 180, timestamp: new Date().toISOString() },
      ],
    },
    userActions: [{ type: 'click', target: 'button:保存', timestamp: new Date().toISOString() }],
    timestamp: new Date().toISOString(),
    metadata: { appVersion: '0.1.0', trigger: 'error' },
  });
  const device = {
    type: 'tablet',
    os: 'Android 14',
    browser: 'Chrome 131',
    screenWidth: 800,
    screenHeight: 1280,
    userAgent: 'Mozilla/5.0 (Linux; Android 14)',
  };
  const entry = (operation: string, extra: object) => ({
    id: crypto.randomUUID(),
    operation,
    screen: '/face-analysis',
    timestamp: new Date().toISOString(),
    userEmail: 'staff1@clinic.example',
    ...extra,
  });
  await post('/pwa-operations/log', {
    sessionId,
    device,
    logs: [
      entry('face_analysis_start', { data: { engine: 'device', online: true } }),
      entry('face_analysis_error', {
        data: { engine: 'device', online: true },
        error: { message: '分析に失敗しました', code: 'analyze' },
        apiResponse: { success: false, error: '分析に失敗しました' },
      }),
    ],
  });
}

test.describe("the administrator's screens, with logs in them", SIZES, () => {
  test('pass axe-core, fit and are tappable', async ({ page, viewport, serverURL }) => {
    await seedLogs(serverURL, String(viewport!.width));
    await loginViaUi(page, ADMIN.username, ADMIN.password);
    const { problems, check } = screenChecks(page);
    const closeDialog = async (name: string) => {
      const dialog = page.getByRole('dialog', { name });
      await dialog.getByRole('button', { name: '閉じる' }).last().click();
      await expect(dialog).toBeHidden();
    };

    await page.goto('/android-logs');
    const deviceLogs = page.getByRole('table', { name: '受信したログ' });
    await expect(deviceLogs.getByRole('button', { name: /の詳細$/ }).first()).toBeVisible();
    await check('/android-logs');
    await deviceLogs
      .getByRole('button', { name: /の詳細$/ })
      .first()
      .click();
    await expect(
      page.getByRole('dialog', { name: 'ログの詳細' }).getByText('画面の表示中にエラーが起きました').first(),
    ).toBeVisible();
    await settled(page);
    await check('/android-logs detail');
    await closeDialog('ログの詳細');

    await page.goto('/pwa-operations-log');
    const logs = page.getByRole('table', { name: '操作ログ一覧' });
    await expect(logs.getByRole('button', { name: '表情分析のエラーの詳細' }).first()).toBeVisible();
    await check('/pwa-operations-log');
    await logs.getByRole('button', { name: '表情分析のエラーの詳細' }).first().click();
    await expect(page.getByRole('dialog', { name: '操作ログの詳細' })).toBeVisible();
    await settled(page);
    await check('/pwa-operations-log detail');
    await closeDialog('操作ログの詳細');
    await logs.getByRole('button', { name: '表情分析のエラーのエラーレポート' }).first().click();
    await expect(
      page.getByRole('dialog', { name: 'エラーレポート：表情分析のエラー' }).getByRole('row').first(),
    ).toBeVisible();
    await settled(page);
    await check('/pwa-operations-log report');
    await closeDialog('エラーレポート：表情分析のエラー');
    await page.getByRole('tab', { name: 'エラー分析' }).click();
    await expect(page.getByRole('list', { name: 'エラー分析の集計' })).toBeVisible();
    await check('/pwa-operations-log analysis');

    await page.goto('/audit-log');
    await expect(page.getByRole('table', { name: 'アクセスログ一覧' }).getByRole('row').nth(1)).toBeVisible();
    await check('/audit-log');
    await page.goto('/user-management');
    await expect(page.getByRole('table', { name: 'ユーザー一覧' }).getByRole('row').nth(1)).toBeVisible();
    await check('/user-management');
    if (viewport!.width < 600) {
      // On a phone the table scrolls sideways inside its own region (a keyboard can reach it); the page does not.
      const region = page.getByRole('region', { name: 'ユーザー一覧' });
      expect(await region.evaluate((el) => el.scrollWidth > el.clientWidth && el.tabIndex === 0)).toBe(true);
      await region.evaluate((el) => el.scrollBy(200, 0));
      expect(await region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
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
