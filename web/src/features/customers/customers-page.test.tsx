import { todayInJapan } from '@clinic/sync-protocol';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../auth/session-store';
import { ja } from '../../i18n/ja';
import { localDb } from '../../data/local-db';
import { stopSyncAndWait, wipeLocalData } from '../../sync';
import { LOCAL_WRITE_MESSAGES, customerCache } from '../../data';
import { serverCustomer } from '../../test-utils/sync-fixtures';
import { loginResponse } from '../../test-utils/fixtures';
import { headers, renderPage, seed } from './customers-page-test-support';

const ID1 = '0193a3f0-0000-4000-8000-000000000001';
const ID2 = '0193a3f0-0000-4000-8000-000000000002';
const ID3 = '0193a3f0-0000-4000-8000-000000000003';
// The form is another screen part's: its labels and save messages are read from the same strings it uses.
const form = ja.customers.form;
// A save's toast, or a dialog's title, takes ~0.5 s in happy-dom alone, more beside other test files on two cores.
const SLOW = { timeout: 4_000 };

const dialog = () => screen.getByRole('dialog');
const field = (label: string) => within(dialog()).getByLabelText(label);
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
// After a first save the spinner's exit animation never ends in happy-dom, so its "loading" label stays.
const clickSave = () => fireEvent.click(within(dialog()).getByRole('button', { name: /保存$/ }));
const rowOf = (name: string) => screen.getByText(name).closest('[role=row]') as HTMLElement;
const cellsOf = (name: string) => within(rowOf(name)).getAllByRole('cell');
/** The names in the rows the list has put in the page, top to bottom. */
const shownNames = () =>
  [...document.querySelectorAll('[role=row] strong, [role=listitem] strong')].map((e) => e.textContent);

describe('customers page', () => {
  beforeAll(async () => {
    await customerCache.settled();
  });
  beforeEach(async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await stopSyncAndWait();
    await wipeLocalData();
    await customerCache.settled();
  });
  afterEach(async () => {
    await stopSyncAndWait(); // no retry of a failed sync may reach the real network later
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('says so when there are no customers at all, over the list rather than inside its columns', async () => {
    renderPage();
    const message = await screen.findByText('顧客データがありません');
    expect(screen.getByRole('table', { name: '顧客一覧' }).contains(message)).toBe(false);
    expect(headers()).toEqual(['カルテ番号', '顧客名', '年齢', '性別', '電話番号', 'メールアドレス', '操作']);
  });

  it('shows the spec messages word for word and stores nothing when name and phone are missing', async () => {
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: /新規顧客/ }));
    expect(within(dialog()).getByText('新規顧客登録')).toBeTruthy();
    clickSave();
    expect(await within(dialog()).findByText('顧客名を入力してください')).toBeTruthy();
    expect(within(dialog()).getByText('電話番号を入力してください')).toBeTruthy();
    type(form.labels.email, 'not-mail');
    expect(await within(dialog()).findByText('有効なメールアドレスを入力してください')).toBeTruthy();
    expect(await localDb.outbox.count()).toBe(0);
  });

  it('creates a customer through the dialog: the row appears at once, 未同期 once, in the カルテ番号 column', async () => {
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: /新規顧客/ }));
    type(form.labels.name, ' 山田 花子 ');
    type(form.labels.nameKana, 'ヤマダ ハナコ');
    type(form.labels.phone, '090-1234-5678');
    fireEvent.click(within(dialog()).getByRole('radio', { name: '女性' }));
    clickSave();

    expect(await screen.findByText(form.created, {}, SLOW)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const row = await waitFor(() => rowOf('山田 花子'));
    expect(within(row).getAllByText('未同期')).toHaveLength(1);
    expect(within(cellsOf('山田 花子')[0]!).getByText('未同期')).toBeTruthy();
    expect(within(row).getByText('ヤマダ ハナコ')).toBeTruthy();
    expect(within(row).getByText('女性')).toBeTruthy();

    const [entry] = await localDb.outbox.toArray();
    expect(entry?.name).toBe('customer.create');
    expect(entry?.args).toMatchObject({
      name: '山田 花子',
      nameKana: 'ヤマダ ハナコ',
      phone: '090-1234-5678',
      gender: 'female',
      age: null,
    });
  });

  it('shows 未同期 once, beside the name, for a numbered customer with an edit not yet sent', async () => {
    await seed({ id: ID1, name: '山田 花子', chartNumber: 7 }, { id: ID2, name: '佐藤 次郎', chartNumber: 8 });
    await localDb.customers.update(ID1, { pending: 1 });
    await customerCache.settled();
    renderPage();
    await waitFor(() => expect(within(rowOf('山田 花子')).getAllByText('未同期')).toHaveLength(1));
    const [chartNumber, name] = cellsOf('山田 花子');
    expect(chartNumber!.textContent).toBe('7');
    expect(within(name!).getByText('未同期')).toBeTruthy();
    expect(within(rowOf('佐藤 次郎')).queryByText('未同期')).toBeNull();
  });

  it('shows the age from the birth date when there is one, else the age as typed', async () => {
    await seed(
      { id: ID1, name: '山田 花子', age: 20, birthDate: '1990-01-01' },
      { id: ID2, name: '佐藤 次郎', age: 41, birthDate: null, chartNumber: 2 },
    );
    renderPage();
    await screen.findByText('山田 花子');
    const yearInJapan = Number(todayInJapan().slice(0, 4)); // born on 1月1日: a year older from the first day of each year
    expect(cellsOf('山田 花子')[2]!.textContent).toBe(String(yearInJapan - 1990));
    expect(cellsOf('佐藤 次郎')[2]!.textContent).toBe('41');
  });

  it('brings a customer saved while the list is scrolled down back into view, tinted', async () => {
    await seed(
      ...Array.from({ length: 60 }, (_, i) => ({
        id: `0193a3f0-0000-4000-8000-${String(i + 100).padStart(12, '0')}`,
        name: `顧客 ${i}`,
        chartNumber: i + 1,
      })),
    );
    renderPage();
    const list = await screen.findByRole('table', { name: '顧客一覧' });
    await screen.findByText('顧客 59');
    act(() => {
      list.scrollTop = 3_000;
      fireEvent.scroll(list);
    });
    expect(screen.queryByText('顧客 59')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: /新規顧客/ }));
    type(form.labels.name, '新しい 患者');
    type(form.labels.phone, '090-0000-1111');
    clickSave();
    const row = await waitFor(() => rowOf('新しい 患者'), SLOW);
    expect(list.scrollTop).toBe(0); // unsynced customers come first
    await waitFor(() => expect(row.classList.contains('vt-row-highlight')).toBe(true));
  });

  it('keeps the dialog and everything typed when the disk is full', async () => {
    renderPage();
    vi.spyOn(localDb.outbox, 'add').mockRejectedValueOnce(
      Object.assign(new Error('quota'), { name: 'QuotaExceededError' }),
    );
    fireEvent.click(screen.getByRole('button', { name: /新規顧客/ }));
    type(form.labels.name, '山田 花子');
    type(form.labels.phone, '090-1234-5678');
    clickSave();
    expect(
      await within(dialog()).findByText(`保存に失敗しました: ${LOCAL_WRITE_MESSAGES.storageFull}`, {}, SLOW),
    ).toBeTruthy();
    expect((field(form.labels.name) as HTMLInputElement).value).toBe('山田 花子');
    expect(await localDb.customers.count()).toBe(0);
    clickSave(); // there is room again
    expect(await screen.findByText(form.created, {}, SLOW)).toBeTruthy();
    expect(await localDb.customers.count()).toBe(1);
  });

  it('sorts newest first (unsynced first), by カルテ番号 ascending, 50音順 by フリガナ, and last change, newest first', async () => {
    await seed(
      {
        id: ID1,
        name: '渡辺 一郎',
        nameKana: 'ワタナベ イチロウ',
        chartNumber: 1,
        updatedAt: '2026-11-20T09:00:00.000Z',
      },
      {
        id: ID2,
        name: '青木 十郎',
        nameKana: 'あおき じゅうろう',
        chartNumber: 10,
        updatedAt: '2026-11-21T09:00:00.000Z',
      },
    );
    await localDb.customers.put({
      ...serverCustomer({
        id: ID3,
        name: '新人',
        nameKana: '',
        chartNumber: null,
        updatedAt: '2026-11-19T09:00:00.000Z',
      }),
      pending: 1,
    });
    await customerCache.settled();
    renderPage();
    await waitFor(() => expect(shownNames()).toEqual(['新人', '青木 十郎', '渡辺 一郎']));
    const sort = screen.getByRole('radiogroup', { name: '並び順' });
    expect(within(sort).getByRole('radio', { name: '新着順' })).toHaveProperty('checked', true);
    expect(cellsOf('青木 十郎')[0]!.textContent).toBe('10');
    // カルテ番号順 is ascending from its first tap: 1 first, the one not yet numbered last.
    fireEvent.click(within(sort).getByRole('radio', { name: 'カルテ番号順' }));
    await waitFor(() => expect(shownNames()).toEqual(['渡辺 一郎', '青木 十郎', '新人']));

    fireEvent.click(within(sort).getByRole('radio', { name: '50音順' }));
    await waitFor(() => expect(shownNames()).toEqual(['青木 十郎', '渡辺 一郎', '新人'])); // no フリガナ: by the name
    fireEvent.click(within(sort).getByRole('radio', { name: '更新順' }));
    await waitFor(() => expect(shownNames()).toEqual(['青木 十郎', '渡辺 一郎', '新人']));
    await localDb.customers.update(ID1, { updatedAt: '2026-11-22T09:00:00.000Z' });
    await waitFor(() => expect(shownNames()).toEqual(['渡辺 一郎', '青木 十郎', '新人']));
    fireEvent.click(within(sort).getByRole('radio', { name: '新着順' }));
    await waitFor(() => expect(shownNames()).toEqual(['新人', '青木 十郎', '渡辺 一郎']));
  });

  it("opens the customer's chart on a tap on its row", async () => {
    await seed({ id: ID1, name: '山田 花子', phone: '090-1234-5678' });
    renderPage();
    await screen.findByText('山田 花子');
    fireEvent.click(cellsOf('山田 花子')[4]!); // the phone number
    expect(await screen.findByText(`カルテ ${ID1}`)).toBeTruthy();
    expect(screen.queryByText(form.editTitle)).toBeNull();
  });

  it("keeps the installed app's /pwa prefix when opening a chart", async () => {
    await seed({ id: ID1, name: '山田 花子' });
    renderPage('/pwa/customers');
    fireEvent.click(await screen.findByText('山田 花子'));
    expect(await screen.findByText(`カルテ ${ID1}`)).toBeTruthy();
  });

  it('does not open the customer when 削除 in its row is tapped, and opens the chart on Enter', async () => {
    await seed({ id: ID1, name: '山田 花子' });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: '山田 花子を削除' }));
    expect(await screen.findByRole('dialog', { name: '顧客「山田 花子」を削除しますか？' })).toBeTruthy();
    expect(screen.queryByText(/^カルテ /)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'キャンセル' }));
    fireEvent.keyDown(rowOf('山田 花子'), { key: 'Enter' });
    expect(await screen.findByText(`カルテ ${ID1}`)).toBeTruthy();
  });

  it('edits: sends only the changed fields as patch with their original values as base', async () => {
    await seed({ id: ID1, name: '山田 花子', phone: '090-1234-5678', age: 34, email: 'h@example.jp' });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: '山田 花子を編集' }));
    expect(within(dialog()).getByText(form.editTitle)).toBeTruthy();
    expect(screen.queryByText(/^カルテ /)).toBeNull(); // 編集 is not a tap on the row
    expect((field(form.labels.phone) as HTMLInputElement).value).toBe('090-1234-5678');
    type(form.labels.phone, '03-9999-0000');
    type(form.labels.email, 'h@example.jp'); // unchanged value typed again
    clickSave();
    expect(await screen.findByText(form.updated, {}, SLOW)).toBeTruthy();

    const [entry] = await localDb.outbox.toArray();
    expect(entry?.name).toBe('customer.update');
    expect(entry?.args).toEqual({ id: ID1, patch: { phone: '03-9999-0000' }, base: { phone: '090-1234-5678' } });
    expect(await within(await waitFor(() => rowOf('山田 花子'))).findByText('03-9999-0000')).toBeTruthy();
  });

  it('searches name, kana, phone and e-mail regardless of kana kind, width and hyphens', async () => {
    await seed(
      { id: ID1, name: '山田 花子', nameKana: 'ヤマダ ハナコ', phone: '090-1234-5678', email: 'hanako@example.jp' },
      {
        id: ID2,
        name: '佐藤 次郎',
        nameKana: 'サトウ ジロウ',
        phone: '03-1111-2222',
        email: 'jiro@example.jp',
        chartNumber: 2,
      },
    );
    renderPage();
    await screen.findByText('山田 花子');
    const search = screen.getByPlaceholderText('顧客名・フリガナ・電話番号・カルテ番号で検索');

    for (const [query, expected] of [
      ['ﾔﾏﾀﾞ', ['山田 花子']],
      ['じろう', ['佐藤 次郎']],
      ['09012345678', ['山田 花子']],
      ['０３－１１１１', ['佐藤 次郎']],
      ['JIRO@', ['佐藤 次郎']],
      ['', ['佐藤 次郎', '山田 花子']],
    ] as const) {
      fireEvent.change(search, { target: { value: query } });
      await waitFor(() => expect(shownNames()).toEqual(expected));
    }
    fireEvent.change(search, { target: { value: '田中' } });
    expect(await screen.findByText('検索条件に一致する顧客が見つかりません')).toBeTruthy();
    expect(screen.queryByText('顧客データがありません')).toBeNull();
    // The clear button has a Japanese name (antd's icon is named in English) and empties the box.
    fireEvent.click(screen.getByRole('button', { name: '検索の入力を消去' }));
    await waitFor(() => expect(shownNames()).toEqual(['佐藤 次郎', '山田 花子']));
  });

  it('marks a record with an overwritten value 競合あり, which opens the sync problems naming it', async () => {
    await seed({ id: ID1, name: '山田 花子' });
    await localDb.conflicts.put({
      id: 1,
      table: 'customers',
      recordId: ID1,
      field: 'phone',
      overwritten: '03-0000-0000',
      value: '090-1234-5678',
      by: 'staff2',
      overwrittenBy: 'staff1',
      at: '2026-11-22T09:00:00.000Z',
    });
    renderPage();
    const mark = await screen.findByRole('button', { name: '競合あり（山田 花子）' });
    // Its icon is decoration: a screen reader meets no English "warning" in the list (seen in a full run).
    expect(within(mark).queryByRole('img')).toBeNull();
    fireEvent.click(mark);
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getAllByText(/「山田 花子」/).length).toBeGreaterThan(0);
    expect(screen.queryByText(`カルテ ${ID1}`)).toBeNull(); // the button is not a tap on the row
  });

  it('同期 syncs now; offline it says the changes go when the connection returns, with no error toast', async () => {
    sessionStore.start(loginResponse());
    renderPage();
    // A device registered at an earlier sync (sync/device-credential.ts): the tap goes straight to the pull.
    await localDb.meta.put({ key: 'deviceCredential', value: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' });
    fireEvent.click(screen.getByRole('button', { name: '今すぐ同期' }));
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalledWith('/api/sync/pull', expect.anything()));
    expect(await screen.findByText('オフラインです。接続が戻ると自動で同期します。')).toBeTruthy();
    expect(document.querySelector('.ant-message-error')).toBeNull();
    sessionStore.end('logout');
  });

  it('shows 10,000 customers with only the visible rows in the page, and filters them', async () => {
    const many = Array.from({ length: 10_000 }, (_, i) => ({
      ...serverCustomer({
        id: `0193a3f0-0000-4000-8000-${String(i + 100).padStart(12, '0')}`,
        name: `顧客 ${i}`,
        chartNumber: i + 1,
      }),
      nameKana: `コキャク ${i}`,
      pending: 0 as const,
    }));
    await localDb.customers.bulkPut(many);
    renderPage();
    expect(await screen.findByText('10000件')).toBeTruthy();
    const rendered = screen.getAllByRole('row').length - 1; // less the header row
    expect(rendered).toBeGreaterThan(0);
    expect(rendered).toBeLessThan(100);
    expect(screen.getByText('顧客 9999')).toBeTruthy(); // highest カルテ番号 first
    fireEvent.change(screen.getByPlaceholderText('顧客名・フリガナ・電話番号・カルテ番号で検索'), {
      target: { value: 'ｺｷｬｸ 1234' },
    });
    expect(await screen.findByText('1件 / 10000件')).toBeTruthy();
    expect(screen.getByText('顧客 1234')).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText('顧客名・フリガナ・電話番号・カルテ番号で検索'), {
      target: { value: '' },
    });
    fireEvent.click(screen.getByRole('radio', { name: '50音順' }));
    await waitFor(() => expect(shownNames()[0]).toBe('顧客 0')); // コキャク 0 first
    expect(screen.getAllByRole('row').length - 1).toBeLessThan(100);
  }, 30_000);
});
