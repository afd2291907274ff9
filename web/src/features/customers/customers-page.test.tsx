import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SyncStatusBar } from '../../components/sync-status';
import { sessionStore } from '../../auth/session-store';
import { notifyChanged } from '../../db/changes';
import { localDb, stopSyncAndWait, SYNC_MESSAGES, wipeLocalData } from '../../sync';
import { serverCustomer } from '../../sync/test-support';
import { loginResponse } from '../../test-utils/fixtures';
import { withAntd } from '../../test-utils/render';
import CustomersPage from './customers-page';
import { customerCache } from '../../sync';

const ID1 = '0193a3f0-0000-4000-8000-000000000001';
const ID2 = '0193a3f0-0000-4000-8000-000000000002';
const ID3 = '0193a3f0-0000-4000-8000-000000000003';

async function seed(...rows: Parameters<typeof serverCustomer>[0][]) {
  await localDb.customers.bulkPut(rows.map((r) => ({ ...serverCustomer(r), pending: 0 as const })));
  notifyChanged({ table: 'customers', ids: rows.map((r) => r.id) });
  await customerCache.settled();
}

function renderPage() {
  return render(
    withAntd(
      <>
        <SyncStatusBar />
        <CustomersPage />
      </>,
    ),
  );
}

const dialog = () => screen.getByRole('dialog');
const field = (label: string) => within(dialog()).getByLabelText(label);
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
// After a first save the spinner's exit animation never ends in happy-dom, so its "loading" label stays.
const clickSave = () => fireEvent.click(within(dialog()).getByRole('button', { name: /保存$/ }));
const rowOf = (name: string) => screen.getByText(name).closest('[role=row]') as HTMLElement;
/** The names in the rows the list has put in the page, top to bottom. */
const shownNames = () => [...document.querySelectorAll('[role=cell] strong')].map((e) => e.textContent);

describe('customers page', () => {
  beforeAll(async () => {
    await customerCache.settled();
  });
  beforeEach(async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await stopSyncAndWait();
    await wipeLocalData();
    await customerCache.settled();
  });
  afterEach(async () => {
    await stopSyncAndWait(); // no retry of a failed sync may reach the real network later
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('says so when there are no customers at all', async () => {
    renderPage();
    expect(await screen.findByText('顧客データがありません')).toBeTruthy();
    for (const header of ['ID', '氏名', '年齢', '性別', '電話番号', 'メールアドレス', '操作']) {
      expect(screen.getByRole('columnheader', { name: header })).toBeTruthy();
    }
  });

  it('shows the spec messages word for word and stores nothing when name and phone are missing', async () => {
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: /新規顧客/ }));
    expect(within(dialog()).getByText('新規顧客登録')).toBeTruthy();
    clickSave();
    expect(await within(dialog()).findByText('顧客名を入力してください')).toBeTruthy();
    expect(within(dialog()).getByText('電話番号を入力してください')).toBeTruthy();
    type('メールアドレス', 'not-mail');
    expect(await within(dialog()).findByText('有効なメールアドレスを入力してください')).toBeTruthy();
    expect(await localDb.outbox.count()).toBe(0);
  });

  it('creates a customer through the dialog: the row appears at once with 未同期 and no ID', async () => {
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: /新規顧客/ }));
    type('氏名', ' 山田 花子 ');
    type('フリガナ', 'ヤマダ ハナコ');
    type('電話番号', '090-1234-5678');
    fireEvent.click(within(dialog()).getByRole('radio', { name: '女性' }));
    clickSave();

    expect(await screen.findByText('顧客を登録しました')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const row = await waitFor(() => rowOf('山田 花子'));
    expect(within(row).getAllByText('未同期')).toHaveLength(2); // the ID cell and the name cell
    expect(within(row).getByText('ヤマダ ハナコ')).toBeTruthy();
    expect(within(row).getByText('女性')).toBeTruthy();

    const [entry] = await localDb.outbox.toArray();
    expect(entry?.name).toBe('customer.create');
    expect(entry?.args).toMatchObject({ name: '山田 花子', nameKana: 'ヤマダ ハナコ', phone: '090-1234-5678', gender: 'female', age: null });
  });

  it('brings a customer saved while the list is scrolled down back into view, tinted', async () => {
    await seed(...Array.from({ length: 60 }, (_, i) => ({ id: `0193a3f0-0000-4000-8000-${String(i + 100).padStart(12, '0')}`, name: `顧客 ${i}`, chartNumber: i + 1 })));
    renderPage();
    const list = await screen.findByRole('table', { name: '顧客一覧' });
    await screen.findByText('顧客 59');
    act(() => {
      list.scrollTop = 3_000;
      fireEvent.scroll(list);
    });
    expect(screen.queryByText('顧客 59')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: /新規顧客/ }));
    type('氏名', '新しい 患者');
    type('電話番号', '090-0000-1111');
    clickSave();
    const row = await waitFor(() => rowOf('新しい 患者'));
    expect(list.scrollTop).toBe(0); // unsynced customers come first
    await waitFor(() => expect(row.classList.contains('vt-row-highlight')).toBe(true));
  });

  it('keeps the dialog and everything typed when the disk is full', async () => {
    renderPage();
    vi.spyOn(localDb.outbox, 'add').mockRejectedValueOnce(Object.assign(new Error('quota'), { name: 'QuotaExceededError' }));
    fireEvent.click(screen.getByRole('button', { name: /新規顧客/ }));
    type('氏名', '山田 花子');
    type('電話番号', '090-1234-5678');
    clickSave();
    expect(await within(dialog()).findByText(`保存に失敗しました: ${SYNC_MESSAGES.storageFull}`)).toBeTruthy();
    expect((field('氏名') as HTMLInputElement).value).toBe('山田 花子');
    expect(await localDb.customers.count()).toBe(0);
    clickSave(); // there is room again
    expect(await screen.findByText('顧客を登録しました')).toBeTruthy();
    expect(await localDb.customers.count()).toBe(1);
  });

  it('sorts unsynced first, then カルテ番号 descending, and shows the カルテ番号 as ID', async () => {
    await seed({ id: ID1, name: '一番', chartNumber: 1 }, { id: ID2, name: '十番', chartNumber: 10 });
    await localDb.customers.put({ ...serverCustomer({ id: ID3, name: '新人', chartNumber: null }), pending: 1 });
    notifyChanged({ table: 'customers', ids: [ID3] });
    renderPage();
    await screen.findByText('一番');
    expect(shownNames()).toEqual(['新人', '十番', '一番']);
    expect(within(rowOf('十番')).getByText('10')).toBeTruthy();
    expect(within(rowOf('十番')).queryByText('未同期')).toBeNull();
  });

  it('edits: sends only the changed fields as patch with their original values as base', async () => {
    await seed({ id: ID1, name: '山田 花子', phone: '090-1234-5678', age: 34, email: 'h@example.jp' });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: '山田 花子を編集' }));
    expect(within(dialog()).getByText('顧客情報の編集')).toBeTruthy();
    expect((field('電話番号') as HTMLInputElement).value).toBe('090-1234-5678');
    type('電話番号', '03-9999-0000');
    type('メールアドレス', 'h@example.jp'); // unchanged value typed again
    clickSave();
    expect(await screen.findByText('顧客情報を更新しました')).toBeTruthy();

    const [entry] = await localDb.outbox.toArray();
    expect(entry?.name).toBe('customer.update');
    expect(entry?.args).toEqual({ id: ID1, patch: { phone: '03-9999-0000' }, base: { phone: '090-1234-5678' } });
    expect(await within(await waitFor(() => rowOf('山田 花子'))).findByText('03-9999-0000')).toBeTruthy();
  });

  it('deletes after the exact confirmation text; the row disappears at once', async () => {
    await seed({ id: ID1, name: '山田 花子' }, { id: ID2, name: '佐藤 次郎', phone: '03-1111-2222' });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: '山田 花子を削除' }));
    const confirm = await screen.findByRole('dialog', { name: '顧客「山田 花子」を削除しますか？' });
    expect(within(confirm).getByRole('button', { name: 'キャンセル' })).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: '削除' }));
    await waitFor(() => expect(screen.queryByText('山田 花子')).toBeNull());
    expect(screen.getByText('佐藤 次郎')).toBeTruthy();
    const [entry] = await localDb.outbox.toArray();
    expect(entry).toMatchObject({ name: 'customer.delete', args: { id: ID1 } });
  });

  it('shows 削除に失敗しました when the delete cannot be stored', async () => {
    await seed({ id: ID1, name: '山田 花子' });
    renderPage();
    vi.spyOn(localDb.outbox, 'add').mockRejectedValueOnce(new Error('broken'));
    fireEvent.click(await screen.findByRole('button', { name: '山田 花子を削除' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '削除' }));
    expect(await screen.findByText('削除に失敗しました')).toBeTruthy();
    expect(screen.getByText('山田 花子')).toBeTruthy();
  });

  it('searches name, kana, phone and e-mail regardless of kana kind, width and hyphens', async () => {
    await seed(
      { id: ID1, name: '山田 花子', nameKana: 'ヤマダ ハナコ', phone: '090-1234-5678', email: 'hanako@example.jp' },
      { id: ID2, name: '佐藤 次郎', nameKana: 'サトウ ジロウ', phone: '03-1111-2222', email: 'jiro@example.jp', chartNumber: 2 },
    );
    renderPage();
    await screen.findByText('山田 花子');
    const search = screen.getByPlaceholderText('氏名・フリガナ・電話番号・メールで検索');

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
  });

  it('marks a record with an overwritten value 競合あり, which opens the conflict list', async () => {
    await seed({ id: ID1, name: '山田 花子' });
    await localDb.conflicts.put({
      id: 1, table: 'customers', recordId: ID1, field: 'phone', overwritten: '03-0000-0000', value: '090-1234-5678',
      by: 'staff2', overwrittenBy: 'staff1', at: '2026-11-22T09:00:00.000Z',
    });
    act(() => notifyChanged({ table: 'conflicts', ids: 'all' }));
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: '山田 花子の競合を確認' }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('同期できなかった変更')).toBeTruthy();
    expect(within(drawer).getByText('「山田 花子」：電話番号')).toBeTruthy();
  });

  it('更新 syncs now; offline it shows the state in the status bar and no error toast', async () => {
    sessionStore.start(loginResponse());
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: '同期して更新' }));
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalledWith('/api/sync/pull', expect.anything()));
    expect(await screen.findByText('オフライン')).toBeTruthy();
    expect(document.querySelector('.ant-message-error')).toBeNull();
    sessionStore.end('logout');
  });

  it('shows 10,000 customers with only the visible rows in the page, and filters them', async () => {
    const many = Array.from({ length: 10_000 }, (_, i) => ({
      ...serverCustomer({ id: `0193a3f0-0000-4000-8000-${String(i + 100).padStart(12, '0')}`, name: `顧客 ${i}`, chartNumber: i + 1 }),
      nameKana: `コキャク ${i}`,
      pending: 0 as const,
    }));
    await localDb.customers.bulkPut(many);
    notifyChanged({ table: 'customers', ids: 'all' });
    renderPage();
    expect(await screen.findByText('10000件')).toBeTruthy();
    const rendered = screen.getAllByRole('row').length - 1; // less the header row
    expect(rendered).toBeGreaterThan(0);
    expect(rendered).toBeLessThan(100);
    expect(screen.getByText('顧客 9999')).toBeTruthy(); // highest カルテ番号 first
    fireEvent.change(screen.getByPlaceholderText('氏名・フリガナ・電話番号・メールで検索'), { target: { value: 'ｺｷｬｸ 1234' } });
    expect(await screen.findByText('1件 / 10000件')).toBeTruthy();
    expect(screen.getByText('顧客 1234')).toBeTruthy();
  }, 30_000);
});
