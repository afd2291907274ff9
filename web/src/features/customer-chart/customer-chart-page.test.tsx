import { ageOn, todayInJapan } from '@clinic/sync-protocol';
import axe from 'axe-core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { localDb } from '../../data/local-db';
import { stopSyncAndWait, wipeLocalData } from '../../sync';
import { serverCustomer } from '../../test-utils/sync-fixtures';
import { renderRoutes } from '../../test-utils/render';
import { localSurvey, localVisit } from './chart-test-support';
import CustomerChartPage from './customer-chart-page';

const C = '0193a3f0-0000-4000-8000-000000000001';
const OTHER = '0193a3f0-0000-4000-8000-000000000002';
const V1 = '0193a3f0-0000-4000-8000-0000000000a1';
const V2 = '0193a3f0-0000-4000-8000-0000000000a2';
const V3 = '0193a3f0-0000-4000-8000-0000000000a3';

async function seedCustomer(fields: Partial<Parameters<typeof serverCustomer>[0]> = {}, pending: 0 | 1 = 0) {
  await localDb.customers.put({
    ...serverCustomer({
      id: C,
      name: '山田 花子',
      nameKana: 'ヤマダ ハナコ',
      chartNumber: 123,
      birthDate: '1985-04-01',
      phone: '090-1234-5678',
      email: 'hanako@example.jp',
      address: '東京都新宿区1-2-3',
      medicalHistory: '腰痛（2020年）',
      ...fields,
    }),
    pending,
  });
}

function renderChart(path = `/customers/${C}`) {
  const list = <p>顧客一覧の画面</p>;
  // As the app's layout frames it: the page title (h1) above, the screen in the main landmark.
  const chart = (
    <>
      <header>
        <h1>顧客管理</h1>
      </header>
      <main>
        <CustomerChartPage />
      </main>
    </>
  );
  return renderRoutes(
    [
      { path: '/customers/:id', element: chart },
      { path: '/pwa/customers/:id', element: chart },
      { path: '/customers', element: list },
      { path: '/pwa/customers', element: list },
    ],
    path,
  );
}

const section = (name: string) => screen.getByRole('region', { name });
const visitDates = () =>
  within(section('来院履歴'))
    .getAllByRole('listitem')
    .map((li) => li.querySelector('strong')?.textContent);

describe('customer chart', () => {
  beforeEach(async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await stopSyncAndWait();
    await wipeLocalData();
  });
  afterEach(async () => {
    await stopSyncAndWait();
    vi.unstubAllGlobals();
  });

  it("shows who the customer is: name, フリガナ, カルテ番号, birth date with today's age and the details", async () => {
    await seedCustomer();
    renderChart();
    const header = await screen.findByRole('region', { name: '山田 花子' });
    expect(within(header).getByRole('heading', { level: 2, name: '山田 花子' })).toBeTruthy();
    expect(within(header).getByText('ヤマダ ハナコ')).toBeTruthy();
    const facts = Object.fromEntries(
      [...header.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]),
    );
    expect(facts).toEqual({
      カルテ番号: 'No.123',
      生年月日: `昭和60年4月1日（1985年）・${ageOn('1985-04-01', todayInJapan())}歳`,
      性別: '女性',
      電話番号: '090-1234-5678',
      メールアドレス: 'hanako@example.jp',
      住所: '東京都新宿区1-2-3',
      既往歴: '腰痛（2020年）',
    });
    expect(within(header).queryByText('未同期')).toBeNull();
    expect(screen.queryByText('この顧客は削除されています')).toBeNull();
  });

  it('says 未同期 for a customer the server has not numbered yet, and 未登録 for what was left blank', async () => {
    await seedCustomer(
      { chartNumber: null, birthDate: null, age: null, email: '', address: '', medicalHistory: '' },
      1,
    );
    renderChart();
    const header = await screen.findByRole('region', { name: '山田 花子' });
    expect(within(header).getAllByText('未同期')).toHaveLength(1); // in the カルテ番号, not twice
    const facts = Object.fromEntries(
      [...header.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]),
    );
    expect(facts).toMatchObject({ カルテ番号: '未同期', 年齢: '未登録', メールアドレス: '未登録', 既往歴: '未登録' });
  });

  it("lists the customer's visits newest first with menu (未設定 when blank), ¥ price, staff, notes and 未同期", async () => {
    await seedCustomer();
    await localDb.visits.bulkPut([
      localVisit({ id: V1, customerId: C, date: '2026-11-01', serviceMenu: '', price: null, staffName: '佐藤' }),
      localVisit({
        id: V2,
        customerId: C,
        date: '2026-11-20',
        serviceMenu: '鍼灸',
        price: 3000,
        staffName: '田中',
        notes: '肩の張りが強い',
        pending: 1,
      }),
      localVisit({ id: V3, customerId: OTHER, date: '2026-11-21', serviceMenu: '整体' }),
    ]);
    renderChart();
    await waitFor(() => expect(visitDates()).toEqual(['2026-11-20', '2026-11-01']));
    expect(within(section('来院履歴')).getByText('2件')).toBeTruthy();
    const [newest, oldest] = within(section('来院履歴')).getAllByRole('listitem');
    expect(within(newest!).getByText('鍼灸')).toBeTruthy();
    expect(within(newest!).getByText('¥3,000')).toBeTruthy();
    expect(within(newest!).getByText('田中')).toBeTruthy();
    expect(within(newest!).getByText('肩の張りが強い')).toBeTruthy();
    expect(within(newest!).getByText('未同期')).toBeTruthy();
    expect(within(oldest!).getByText('未設定')).toBeTruthy();
    expect(within(oldest!).queryByText('未同期')).toBeNull();
    expect(screen.queryByText('整体')).toBeNull();

    // A visit saved on this device shows at once, at its place.
    await localDb.visits.put(
      localVisit({ id: '0193a3f0-0000-4000-8000-0000000000a4', customerId: C, date: '2026-11-10', pending: 1 }),
    );
    await waitFor(() => expect(visitDates()).toEqual(['2026-11-20', '2026-11-10', '2026-11-01']));
  });

  it('shows a visit’s 施術前 and 施術後 surveys together with the change of pain, answer by answer', async () => {
    await seedCustomer();
    await localDb.visits.put(localVisit({ id: V2, customerId: C, date: '2026-11-20', serviceMenu: '鍼灸' }));
    await localDb.surveys.bulkPut([
      localSurvey({ id: 's1', customerId: C, type: 'pre', visitId: V2, createdAt: '2026-11-20T01:00:00.000Z' }),
      localSurvey({
        id: 's2',
        customerId: C,
        type: 'post',
        visitId: V2,
        createdAt: '2026-11-20T02:00:00.000Z',
        pending: 1,
      }),
    ]);
    renderChart();
    const group = await waitFor(() =>
      within(section('アンケート')).getByRole('heading', { level: 4, name: '2026-11-20の来院（鍼灸）' }).closest('li')!,
    );
    const change = group.querySelector<HTMLElement>('.chart-change')!;
    expect(change.textContent).toBe('痛み ★★★★☆→改善 ★★★☆☆');
    // Read aloud in words, not as a row of star signs.
    expect(
      within(change)
        .getAllByRole('img')
        .map((img) => img.getAttribute('aria-label')),
    ).toEqual(['5段階中4', '5段階中3']);

    const before = within(group).getByRole('heading', { level: 5, name: '施術前アンケート' }).parentElement!;
    const after = within(group).getByRole('heading', { level: 5, name: '施術後アンケート 未同期' }).parentElement!;
    const answers = (el: HTMLElement) =>
      [...el.querySelectorAll('dt')].map((dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`);
    expect(answers(before)).toEqual([
      '痛みの強さ: ★★★★☆',
      '痛む部位: 首、肩',
      '睡眠: よく眠れる',
      'ストレス: 6 / 10',
      'ご要望: 未回答',
    ]);
    expect(answers(after)).toEqual([
      '痛みの改善: ★★★☆☆',
      '満足度: 8 / 10',
      '心地よさ: 心地よかった',
      '施術後の症状: ない',
      'おすすめ度: すすめたい',
      'ご感想: 楽になりました',
    ]);
  });

  it('lists surveys tied to no visit by day, a 施術前 and 施術後 of the same day as a pair', async () => {
    await seedCustomer();
    await localDb.surveys.bulkPut([
      localSurvey({ id: 's1', customerId: C, type: 'pre', createdAt: '2026-11-10T01:00:00.000Z' }),
      localSurvey({ id: 's2', customerId: C, type: 'post', createdAt: '2026-11-10T02:00:00.000Z' }),
      localSurvey({ id: 's3', customerId: C, type: 'pre', createdAt: '2026-11-12T01:00:00.000Z', pending: 1 }),
    ]);
    renderChart();
    await waitFor(() =>
      expect(
        within(section('アンケート'))
          .getAllByRole('heading', { level: 4 })
          .map((h) => h.textContent),
      ).toEqual(['2026-11-12（来院記録なし）', '2026-11-10（来院記録なし）']),
    );
    const [lone, pair] = within(section('アンケート')).getAllByRole('listitem');
    expect(within(lone!).getByText('施術後アンケートの回答はありません')).toBeTruthy();
    expect(within(lone!).getByText('未同期')).toBeTruthy();
    expect(lone!.querySelector('.chart-change')).toBeNull();
    expect(pair!.querySelector('.chart-change')?.textContent).toBe('痛み ★★★★☆→改善 ★★★☆☆');
  });

  it('has cards for 問診・診断 and 写真・動画 that say there is nothing yet, and for no visits or surveys', async () => {
    await seedCustomer();
    renderChart();
    expect(
      await within(await screen.findByRole('region', { name: '来院履歴' })).findByText('来院記録はまだありません'),
    ).toBeTruthy();
    expect(await within(section('アンケート')).findByText('アンケートはまだありません')).toBeTruthy();
    expect(await within(section('問診・診断')).findByText('診断記録はまだありません')).toBeTruthy();
    expect(within(section('写真・動画')).getByText('写真・動画はまだありません')).toBeTruthy();
  });

  it('still shows a deleted customer and their records, marked 削除済み', async () => {
    await seedCustomer({ deleted: true });
    await localDb.visits.put(localVisit({ id: V1, customerId: C, date: '2026-11-01', serviceMenu: '整体' }));
    renderChart();
    expect(await screen.findByRole('heading', { level: 2, name: '山田 花子（削除済み）' })).toBeTruthy();
    expect(screen.getByText('この顧客は削除されています')).toBeTruthy();
    expect(screen.getByText('来院記録やアンケートは削除されずに残っています。')).toBeTruthy();
    expect(await within(section('来院履歴')).findByText('整体')).toBeTruthy();
  });

  it('says 顧客が見つかりません for an id the device does not have, with the way back to the list', async () => {
    renderChart('/customers/0193a3f0-0000-4000-8000-0000000000ee');
    expect(await screen.findByRole('heading', { name: '顧客が見つかりません' })).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: '顧客一覧へ' }));
    expect(await screen.findByText('顧客一覧の画面')).toBeTruthy();
  });

  it('goes back to the list it came from, under /pwa inside the installed app', async () => {
    await seedCustomer();
    const { router } = renderChart(`/pwa/customers/${C}`);
    const back = await screen.findByRole('link', { name: '顧客一覧へ' });
    expect(back.getAttribute('href')).toBe('/pwa/customers');
    fireEvent.click(back);
    await waitFor(() => expect(router.state.location.pathname).toBe('/pwa/customers'));
  });

  it('passes axe-core with every part shown, and when the customer is not found (colours aside: happy-dom paints nothing)', async () => {
    await seedCustomer({ deleted: true, chartNumber: null }, 1);
    await localDb.visits.put(localVisit({ id: V1, customerId: C, date: '2026-11-20', notes: 'メモ', pending: 1 }));
    await localDb.surveys.bulkPut([
      localSurvey({
        id: 's1',
        customerId: C,
        type: 'pre',
        visitId: V1,
        createdAt: '2026-11-20T01:00:00.000Z',
        pending: 1,
      }),
      localSurvey({ id: 's2', customerId: C, type: 'post', visitId: V1, createdAt: '2026-11-20T02:00:00.000Z' }),
    ]);
    const { router } = renderChart();
    await screen.findByRole('heading', { level: 4, name: '2026-11-20の来院（未設定）' });
    const check = async () =>
      (await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } })).violations.map(
        (v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`,
      );
    expect(await check()).toEqual([]);
    await router.navigate('/customers/0193a3f0-0000-4000-8000-0000000000ee');
    await screen.findByRole('heading', { name: '顧客が見つかりません' });
    expect(await check()).toEqual([]);
  });
});
