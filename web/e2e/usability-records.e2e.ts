import type { Page } from '@playwright/test';
import { apiPost, createServerCustomers } from './support/api';
import { settled } from './support/axe';
import { FACE_SAMPLE } from './support/face-sample';
import { expect, test } from './support/fixtures';
import { pickCustomer } from './support/records-ui';
import { ADMIN } from './support/server';
import { loginViaUi } from './support/ui';
import { SIZES, screenChecks, withinScreen } from './support/screen-checks';

/** The chart's buttons for the appointment in the room (issue 24). */
const CHART_ACTIONS = [
  '来院を記録',
  '施術前アンケート',
  '診断記録を作成',
  '施術後アンケート',
  '写真・動画を撮影',
  '表情分析',
];

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
    // 18 characters: under the 20 that are cut, yet wider than the メモ column (it wrapped over the next row).
    await apiPost(serverURL, '/visits', {
      customer_id: customer!.id,
      date: new Date().toLocaleDateString('sv-SE', { timeZone: 'Asia/Tokyo' }),
      notes: '右肩と首のこりが強い。次回は腰も診る',
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
    expect(await spillingRows(page)).toEqual([]);
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
    // Settings 自動分析 (on by default) analyses a photo as soon as it is chosen: no 分析 to press.
    await page.getByLabel('写真を選択').setInputFiles(FACE_SAMPLE);
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
    // The chart's buttons for today's appointment: each on the screen, finger-sized; the two forms it opens in place.
    for (const name of CHART_ACTIONS) expect(await withinScreen(page, name), name).toBe(true);
    // Today's visit and both surveys are in: the next open step is the highlighted one (issue 38).
    const actions = page.getByRole('region', { name: '本日の施術' });
    await expect(actions.getByRole('button', { name: '診断記録を作成' })).toHaveClass(/ant-btn-primary/);
    await expect(actions.getByRole('button', { name: '来院を記録' })).not.toHaveClass(/ant-btn-primary/);
    // The photo the expression analysis above took today is the 写真・動画 step, done.
    await expect(actions.getByRole('listitem', { name: '写真・動画：記録済み' })).toBeVisible();
    // A second visit today is asked first.
    await page.getByRole('button', { name: '来院を記録' }).click();
    const second = page.getByRole('dialog', { name: '本日の来院記録があります' });
    await expect(second).toBeVisible();
    await settled(page);
    await check('/customers/{id} 本日の来院記録があります');
    await second.getByRole('button', { name: 'もう一件記録する' }).click();
    const visitForm = page.getByRole('dialog', { name: '新規来院記録' });
    await expect(visitForm.getByText(`記録確認${viewport!.width}`, { exact: true })).toBeVisible();
    await settled(page);
    await check('/customers/{id} 来院を記録');
    await visitForm.getByRole('button', { name: 'キャンセル' }).click();
    await expect(visitForm).toBeHidden();
    await page.getByRole('button', { name: /基本情報を編集$/ }).click();
    const editForm = page.getByRole('dialog', { name: '顧客情報の編集' });
    await expect(editForm).toBeVisible();
    await settled(page);
    await check('/customers/{id} 編集');
    await editForm.getByRole('button', { name: 'キャンセル' }).click();
    await expect(editForm).toBeHidden();

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
    await pickCustomer(page, create, `記録確認${viewport!.width}`, `記録確認${viewport!.width}`);
    await create.getByRole('tab', { name: '人体図' }).click();
    // The note beside 前回の痛みを引き継ぐ keeps a readable line (on the phone it wrapped every 5 characters).
    const carryNote = create.locator('.diagnosis-carry-text');
    await expect(carryNote).toBeVisible();
    expect((await carryNote.boundingBox())!.width).toBeGreaterThan(180);
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

/** The visit list's rows whose content reaches out of the row's fixed height (it would print over the next). */
const spillingRows = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.vt-row')].flatMap((row) => {
      const own = row.getBoundingClientRect();
      return [...row.querySelectorAll<HTMLElement>('*')]
        .filter((el) => {
          const box = el.getBoundingClientRect();
          return box.height > 0 && (box.top < own.top - 1 || box.bottom > own.bottom + 1);
        })
        .map((el) => `${row.textContent}: ${el.textContent}`);
    }),
  );
