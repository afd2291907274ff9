import { apiGet, apiPost, createServerCustomer } from './support/api';
import { waitUntilSynced } from './support/customers-ui';
import {
  diagnosisDialog,
  openDiagnosis,
  setPain,
  showTab,
  startDiagnosis,
  tapFigure,
  turnFigure,
} from './support/diagnosis-ui';
import { expect, test } from './support/fixtures';
import { ADMIN } from './support/server';
import { loginViaUi, waitForServiceWorker } from './support/ui';

type BodyPartAnswer = { pain_level: number; view: string; region: string | null; number: number; notes: string };
type DiagnosisAnswer = { id: string; customer_id: string; notes: string; bodyParts: BodyPartAnswer[] };
type CustomerDiagnoses = {
  diagnosisList: DiagnosisAnswer[];
  chronicAreas: { body_part: string; label: string; frequency: number; avg_pain_level: number; trend: string | null }[];
};

test.describe('diagnosis on the body map, offline', () => {
  test('keeps a record of three spots made offline through a reload, shows it read-only, corrects it, then syncs it once with its spots', async ({
    page,
    context,
    serverURL,
  }) => {
    const customer = await createServerCustomer(serverURL, { name: 'スズキ ハルカ', phone: '090-7777-1212' });
    await loginViaUi(page, ADMIN.username, ADMIN.password);
    await waitForServiceWorker(page);
    await openDiagnosis(page);
    await waitUntilSynced(page);

    await context.setOffline(true);
    await expect(page.getByRole('status').getByText('オフライン')).toBeVisible();
    const dialog = await startDiagnosis(page, 'すずき', 'スズキ ハルカ');
    await dialog.getByLabel('診断メモ').fill('右肩から腰にかけて張りが強い');

    // Two spots on the front (the patient's right shoulder, the upper belly), one on the back.
    await showTab(dialog, '人体図');
    await tapFigure(page, dialog, '前面', 30, 24);
    await setPain(page, 1, 7, '腕を上げると痛む');
    await tapFigure(page, dialog, '前面', 50, 34);
    await setPain(page, 2, 4);
    // A tap beside the body is ignored: no detail dialog, no spot.
    await tapFigure(page, dialog, '前面', 3, 97);
    await turnFigure(dialog, '背面');
    await tapFigure(page, dialog, '背面', 40, 47);
    await setPain(page, 3, 6);
    // Tapping a spot edits it: the belly goes from 4 to 5.
    await turnFigure(dialog, '前面');
    await dialog.getByRole('button', { name: /^痛み2（/ }).click();
    await setPain(page, 2, 5);

    await showTab(dialog, 'まとめ');
    await expect(dialog.getByText('中程度の痛みがあります')).toBeVisible();
    await dialog.getByRole('button', { name: '登録' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('新しい診断記録を保存しました')).toBeVisible();

    const item = page.locator('.diagnosis-item').filter({ hasText: 'スズキ ハルカ' });
    await expect(item.getByText('未同期')).toBeVisible();
    await expect(item.getByText('痛み3か所')).toBeVisible();
    await expect(item.getByText('最大 7')).toBeVisible();

    await page.reload();
    await expect(item.getByText('未同期')).toBeVisible();

    // View mode: read-only, nothing to save, a tap adds nothing; 編集 opens it for correction.
    await item.getByRole('button', { name: /の詳細$/ }).click();
    const view = diagnosisDialog(page, 'view');
    await expect(view).toBeVisible();
    await expect(view.getByLabel('診断メモ')).toBeDisabled();
    await expect(view.getByRole('button', { name: '登録' })).toHaveCount(0);
    await expect(view.getByRole('button', { name: '更新' })).toHaveCount(0);
    await showTab(view, '人体図');
    await tapFigure(page, view, '前面', 50, 60);
    await showTab(view, '痛みの一覧');
    await expect(view.getByRole('button', { name: /^痛み\d+を削除$/ })).toHaveCount(0);
    await expect(view.getByText('前面（2か所）')).toBeVisible();
    await expect(view.getByText('背面（1か所）')).toBeVisible();

    await view.getByRole('button', { name: '編集' }).click();
    const edit = diagnosisDialog(page, 'edit');
    await expect(edit).toBeVisible();
    await showTab(edit, '基本情報');
    await edit.getByLabel('診断メモ').fill('右肩の張りが強い。腰は軽い');
    await edit.getByRole('button', { name: '更新' }).click();
    await expect(edit).toBeHidden();
    await expect(page.getByText('診断記録を更新しました')).toBeVisible();

    await context.setOffline(false);
    await waitUntilSynced(page);
    await expect(item.getByText('未同期')).toHaveCount(0);

    const answer = await apiGet<CustomerDiagnoses>(serverURL, `/diagnosis/customer/${customer.id}`);
    expect(answer.diagnosisList).toHaveLength(1);
    const [record] = answer.diagnosisList;
    expect(record!.notes).toBe('右肩の張りが強い。腰は軽い');
    expect(record!.bodyParts.map((p) => [p.number, p.view, p.pain_level, p.region])).toEqual([
      [1, 'front', 7, 'front.shoulder.right'],
      [2, 'front', 5, expect.stringMatching(/^front\.upper-abdomen\./)],
      [3, 'back', 6, expect.stringMatching(/^back\./)],
    ]);
    expect(record!.bodyParts[0]!.notes).toBe('腕を上げると痛む');
  });

  test('after three records the server names the chronic area, and the chart shows the heat map, the chronic area and the trend', async ({
    page,
    serverURL,
  }) => {
    const customer = await createServerCustomer(serverURL, { name: 'イトウ ナオ', phone: '090-8888-3434' });
    const lowBack = (level: number) => ({
      id: 1,
      body_part: '背面 (43.0%, 39.0%)',
      pain_level: level,
      x: 43,
      y: 39,
      view: 'back',
      notes: '',
    });
    const record = (date: string, level: number) =>
      apiPost(serverURL, '/diagnosis', { customer_id: customer.id, date, notes: '', bodyParts: [lowBack(level)] });
    await record('2026-08-03', 8);
    await record('2026-09-07', 7);
    await record('2026-10-05', 6);

    const answer = await apiGet<CustomerDiagnoses>(serverURL, `/diagnosis/customer/${customer.id}`);
    expect(answer.chronicAreas).toEqual([expect.objectContaining({ frequency: 3, avg_pain_level: 7, trend: null })]);
    const area = answer.chronicAreas[0]!.label;
    expect(area).toBe('腰部（患者の左）');
    await loginViaUi(page, ADMIN.username, ADMIN.password);

    await page.goto(`/customers/${customer.id}`);
    const chart = page.locator('main');
    await expect(chart.getByRole('heading', { name: 'イトウ ナオ' })).toBeVisible();
    await expect(
      chart.getByRole('img', { name: /^痛みの推移のグラフ。2026-08-03から2026-10-05までの3回の記録/ }),
    ).toBeVisible();
    // 7 → 6 is one point and 14 %: under the 2 points or 30 % that count as a change.
    await expect(chart.getByText('変化なし（最大の痛み 7 → 6、平均 7.0 → 6.0）')).toBeVisible();
    await expect(
      chart.getByRole('img', { name: new RegExp(`慢性的な部位：.*${area.replace(/[（）]/g, '.')}`) }).first(),
    ).toBeVisible();
    await expect(chart.getByText('傾向：4回目の記録から判定します')).toBeVisible();

    // A fourth, much better record: the latest three (7, 6, 3) against the one before (8) is 改善.
    await record('2026-11-02', 3);
    await page.reload();
    await expect(chart.getByText('傾向：改善')).toBeVisible();
  });

  test('the dashboard says 正常 online and calmly オフライン (no failure) when the network is off', async ({
    adminPage: page,
    context,
  }) => {
    await waitForServiceWorker(page);
    await page.goto('/dashboard');
    await expect(page.getByText('システム状態：正常')).toBeVisible();
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByText('システム状態：オフライン')).toBeVisible();
    await expect(page.getByText(/オフラインです。この端末に保存されたデータを表示しています。/)).toBeVisible();
    await expect(page.getByText(/読み込みに失敗しました/)).toHaveCount(0);
  });
});
