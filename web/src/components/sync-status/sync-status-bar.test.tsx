import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Grid } from 'antd';
import type { Conflict, Rejection } from '@clinic/sync-protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../auth/session-store';
import { localDb } from '../../data/local-db';
import { mutateAsCurrentUser } from '../../data';
import { syncEngine, syncProblemsStore, wipeLocalData } from '../../sync';
import { serverCustomer } from '../../test-utils/sync-fixtures';
import { loginResponse } from '../../test-utils/fixtures';
import { withAntd } from '../../test-utils/render';
import { closeSyncProblems } from './problems-drawer-store';
import { SyncStatusBar } from './sync-status-bar';

const ID1 = '0193a3f0-0000-4000-8000-000000000001';
const ID2 = '0193a3f0-0000-4000-8000-000000000002';

const rejection = (over: Partial<Rejection>): Rejection => ({
  mutationId: 7,
  name: 'customer.create',
  args: { id: ID1, name: '山田 花子', phone: '090-1234-5678' },
  reason: 'この顧客は既に登録されています',
  at: '2026-11-22T09:14:00.000Z',
  ...over,
});

const conflict: Conflict = {
  id: 3,
  table: 'customers',
  recordId: ID2,
  field: 'phone',
  overwritten: '03-1111-2222',
  value: '090-9999-0000',
  by: 'staff2',
  overwrittenBy: 'staff1',
  at: '2026-11-22T10:00:00.000Z',
};

async function addProblems(rejections: Rejection[], conflicts: Conflict[] = []) {
  await localDb.rejections.bulkPut(rejections);
  await localDb.conflicts.bulkPut(conflicts);
  await act(async () => {
    await syncProblemsStore.settled();
    await syncEngine.refreshCounts();
  });
}

const renderBar = () => render(withAntd(<SyncStatusBar />));
const statusButton = () => screen.getByRole('button', { name: /^同期の状況：/ });
const openDrawer = async () => {
  fireEvent.click(statusButton());
  return screen.findByRole('dialog', { name: '同期の状況' });
};
const warningShown = () => document.querySelector('[role=status] .anticon-warning') !== null;

async function twoPendingChanges() {
  await mutateAsCurrentUser('customer.create', { id: ID1, name: '山田 花子', phone: '090-1234-5678' });
  await mutateAsCurrentUser('customer.delete', { id: ID1 });
}

describe('sync status bar', () => {
  beforeEach(async () => {
    await wipeLocalData();
    syncEngine.status.set({ online: true, syncing: false, error: null, lastSyncedAt: null, updateRequired: false });
  });
  afterEach(() => {
    act(() => closeSyncProblems());
    vi.restoreAllMocks();
  });

  it('says everything is synced, online, with no ⚠', async () => {
    renderBar();
    expect(screen.getByRole('status', { name: 'すべての変更は同期済みです。' })).toBeTruthy();
    expect(screen.getByText('オンライン')).toBeTruthy();
    expect(screen.getByText('同期済み')).toBeTruthy();
    expect(statusButton().getAttribute('aria-label')).toBe('同期の状況：すべての変更は同期済みです。');
    expect(warningShown()).toBe(false);
    const drawer = await openDrawer();
    expect(within(drawer).getByText('すべての変更は同期済みです。')).toBeTruthy();
  });

  it('offline with changes waiting: calm words and colour, the count, the last sync, a spinner while syncing, no ⚠', async () => {
    renderBar();
    await twoPendingChanges();
    await act(async () => {
      await syncEngine.refreshCounts();
      syncEngine.status.set({
        online: false,
        syncing: true,
        error: 'ネットワークエラーが発生しました',
        lastSyncedAt: '2026-11-22T09:05:00.000+09:00',
      });
    });
    const status = screen.getByRole('status');
    expect(within(status).getByText('オフライン')).toBeTruthy();
    expect(within(status).getByText('未同期 2件')).toBeTruthy();
    expect(within(status).getByRole('img', { name: '同期中' })).toBeTruthy();
    expect(within(status).getByText(/^最終同期 (11\/22 )?09:05$/)).toBeTruthy();
    expect(warningShown()).toBe(false);
    // The waiting dot is the calm info colour, never warning or error.
    expect(
      document.querySelector('[role=status] .ant-badge-status-warning, [role=status] .ant-badge-status-error'),
    ).toBeNull();
    expect(document.querySelector<HTMLElement>('[role=status] .ant-badge-status-dot')?.style.background).toMatch(
      /#1677ff|rgb\(22, 119, 255\)/,
    );
    const said = 'オフラインです。2件の変更はこの端末に保存済みで、接続が戻ると自動で送信します。';
    expect(statusButton().getAttribute('aria-label')).toBe(`同期の状況：${said}`);
    const drawer = await openDrawer();
    expect(within(drawer).getByText(said)).toBeTruthy();
    // A network failure is not reported as an error.
    expect(within(drawer).queryByText(/ネットワークエラー|エラーが発生しました/)).toBeNull();
  });

  it('online with changes waiting says they go soon', async () => {
    renderBar();
    await twoPendingChanges();
    await act(() => syncEngine.refreshCounts());
    expect(statusButton().getAttribute('aria-label')).toBe(
      '同期の状況：送信待ちの変更が2件あります。まもなく自動で送信します。',
    );
    expect(warningShown()).toBe(false);
  });

  it('shows ⚠ for a failing server and says so plainly, with the server’s words as detail', async () => {
    renderBar();
    act(() => syncEngine.status.set({ error: 'サーバー内部エラーが発生しました' }));
    expect(warningShown()).toBe(true);
    const drawer = await openDrawer();
    expect(
      within(drawer).getByText(
        'サーバーに接続できませんでした。変更はこの端末に保存されています。しばらくしてから自動で再送信します。',
      ),
    ).toBeTruthy();
    expect(within(drawer).getByText('詳細：サーバー内部エラーが発生しました')).toBeTruthy();
  });

  it('shows ⚠ with the count when changes need a person, and names the drawer by the same words as the button', async () => {
    renderBar();
    expect(warningShown()).toBe(false);
    await addProblems([
      rejection({}),
      rejection({ mutationId: 8, name: 'customer.delete', args: { id: ID2 }, reason: '権限がありません' }),
    ]);
    expect(warningShown()).toBe(true);
    expect(statusButton().getAttribute('aria-label')).toBe(
      '同期の状況：すべての変更は同期済みです。確認が必要な変更が2件あります。',
    );
    const drawer = await openDrawer();
    expect(within(drawer).getByRole('heading', { level: 2, name: '同期の状況' })).toBeTruthy();
    expect(within(drawer).getByRole('heading', { level: 3, name: 'サーバーが受け付けなかった変更' })).toBeTruthy();
  });

  it('on a phone is one icon button with a badge whose name says the state', async () => {
    vi.spyOn(Grid, 'useBreakpoint').mockReturnValue({ xs: true, sm: false });
    renderBar();
    await twoPendingChanges();
    await act(async () => {
      await syncEngine.refreshCounts();
      syncEngine.status.set({ online: false, syncing: true });
    });
    const status = screen.getByRole('status');
    expect(within(status).getAllByRole('button')).toHaveLength(1);
    expect(within(status).queryByText('オフライン')).toBeNull();
    expect(within(status).queryByText('未同期 2件')).toBeNull();
    expect(within(status).queryByRole('img', { name: '同期中' })).toBeNull();
    // antd's number rolls from 1 to 2 (each change is counted as it is made).
    await waitFor(() => expect(status.querySelector('.ant-badge-count')?.getAttribute('title')).toBe('2'));
    expect(statusButton().getAttribute('aria-label')).toBe(
      '同期の状況：オフラインです。2件の変更はこの端末に保存済みで、接続が戻ると自動で送信します。',
    );
    expect(await openDrawer()).toBeTruthy();
  });

  it('lists a refused change with its Japanese name, customer, reason and time', async () => {
    renderBar();
    await addProblems([
      rejection({}),
      rejection({ mutationId: 8, name: 'customer.delete', args: { id: ID2 }, reason: '権限がありません' }),
    ]);
    const drawer = await openDrawer();
    expect(within(drawer).getByText('顧客の登録：「山田 花子」')).toBeTruthy();
    expect(within(drawer).getByText('理由：この顧客は既に登録されています')).toBeTruthy();
    expect(within(drawer).getByText('顧客の削除')).toBeTruthy();
    expect(within(drawer).queryByText(/^変更した項目/)).toBeNull();
    expect(within(drawer).getAllByText(/^2026\/11\/22 \d\d:\d\d$/)).toHaveLength(2);
  });

  it('names the fields a refused update changed', async () => {
    await localDb.customers.put({ ...serverCustomer({ id: ID2, name: '佐藤 次郎' }), pending: 0 });
    renderBar();
    await addProblems([
      rejection({
        name: 'customer.update',
        args: { id: ID2, patch: { phone: '090-9999-0000', email: 'a@b.jp' }, base: {} },
        reason: '権限がありません',
      }),
    ]);
    const drawer = await openDrawer();
    const item = within(drawer).getByRole('listitem', { name: '顧客の更新：「佐藤 次郎」' });
    expect(within(item).getByText('変更した項目：電話番号、メールアドレス')).toBeTruthy();
    expect(within(item).getByText('理由：権限がありません')).toBeTruthy();
  });

  it('retries a refused create as a new change with a new id and removes it from the list', async () => {
    renderBar();
    await addProblems([rejection({})]);
    const drawer = await openDrawer();
    fireEvent.click(within(drawer).getByRole('button', { name: '新しい変更として再試行' }));
    expect(await screen.findByText('新しい変更として保存しました')).toBeTruthy();
    await waitFor(() => expect(within(drawer).queryByText('顧客の登録：「山田 花子」')).toBeNull());
    expect(await localDb.rejections.count()).toBe(0);
    const [entry] = await localDb.outbox.toArray();
    expect(entry?.name).toBe('customer.create');
    expect(entry?.args).toMatchObject({ name: '山田 花子', phone: '090-1234-5678' });
    expect((entry?.args as { id: string }).id).not.toBe(ID1);
    // The running engine refreshes its counts on every change notice; here it is not started.
    await act(() => syncEngine.refreshCounts());
    expect(warningShown()).toBe(false);
    expect(screen.getByText('未同期 1件')).toBeTruthy();
  });

  it('retries a refused update based on the values the device holds now', async () => {
    await localDb.customers.put({
      ...serverCustomer({ id: ID2, name: '佐藤 次郎', phone: '03-5555-5555' }),
      pending: 0,
    });
    renderBar();
    await addProblems([
      rejection({
        name: 'customer.update',
        args: { id: ID2, patch: { phone: '090-9999-0000' }, base: { phone: '03-1111-2222' } },
      }),
    ]);
    const drawer = await openDrawer();
    expect(within(drawer).getByText('顧客の更新：「佐藤 次郎」')).toBeTruthy();
    fireEvent.click(within(drawer).getByRole('button', { name: '新しい変更として再試行' }));
    await waitFor(async () => expect(await localDb.outbox.count()).toBe(1));
    const [entry] = await localDb.outbox.toArray();
    expect(entry?.args).toEqual({ id: ID2, patch: { phone: '090-9999-0000' }, base: { phone: '03-5555-5555' } });
  });

  it('keeps a refused update whose customer is gone and says why', async () => {
    renderBar();
    await addProblems([
      rejection({ name: 'customer.update', args: { id: ID2, patch: { phone: '090-9999-0000' }, base: {} } }),
    ]);
    const drawer = await openDrawer();
    fireEvent.click(within(drawer).getByRole('button', { name: '新しい変更として再試行' }));
    expect(
      await screen.findByText('再試行できませんでした：この顧客はこの端末にないため再試行できません'),
    ).toBeTruthy();
    expect(await localDb.rejections.count()).toBe(1);
    expect(await localDb.outbox.count()).toBe(0);
  });

  it('says a change the server could not keep cannot be retried, and keeps it listed', async () => {
    renderBar();
    await addProblems([rejection({ name: 'customer.create', args: { truncated: true, reason: 'size', kept: null } })]);
    const drawer = await openDrawer();
    fireEvent.click(within(drawer).getByRole('button', { name: '新しい変更として再試行' }));
    expect(
      await screen.findByText(/^再試行できませんでした：変更の内容が大きすぎてサーバーに残せなかったため/),
    ).toBeTruthy();
    expect(await localDb.rejections.count()).toBe(1);
    expect(await localDb.outbox.count()).toBe(0);
  });

  it('discards a refused change only after confirming', async () => {
    renderBar();
    await addProblems([rejection({})]);
    const drawer = await openDrawer();
    fireEvent.click(within(drawer).getByRole('button', { name: '破棄' }));
    const confirm = await screen.findByRole('tooltip');
    expect(within(confirm).getByText('この変更を破棄しますか？')).toBeTruthy();
    expect(await localDb.rejections.count()).toBe(1);
    fireEvent.click(within(confirm).getByRole('button', { name: '破棄' }));
    await waitFor(() => expect(within(drawer).queryByText('顧客の登録：「山田 花子」')).toBeNull());
    expect(await localDb.rejections.count()).toBe(0);
    expect(await localDb.outbox.count()).toBe(0);
  });

  it('says what was replaced by whom, and acknowledges it', async () => {
    await localDb.customers.put({ ...serverCustomer({ id: ID2, name: '佐藤 次郎' }), pending: 0 });
    renderBar();
    await addProblems(
      [],
      [
        conflict,
        { ...conflict, id: 4, field: 'email', overwritten: '', value: 'jiro@example.jp', overwrittenBy: null },
      ],
    );
    const drawer = await openDrawer();
    expect(within(drawer).getByRole('heading', { name: '上書きされた値' })).toBeTruthy();
    const item = within(drawer).getByRole('listitem', { name: '「佐藤 次郎」の電話番号' });
    expect(
      within(item).getByText(
        '「佐藤 次郎」の電話番号：staff1さんが入力した「03-1111-2222」が、staff2さんの変更で「090-9999-0000」に置き換わりました',
      ),
    ).toBeTruthy();
    expect(
      within(drawer).getByText(
        '「佐藤 次郎」のメールアドレス：空欄が、staff2さんの変更で「jiro@example.jp」に置き換わりました',
      ),
    ).toBeTruthy();
    fireEvent.click(within(item).getByRole('button', { name: '確認済みにする' }));
    await waitFor(() => expect(within(drawer).queryByRole('listitem', { name: '「佐藤 次郎」の電話番号' })).toBeNull());
    expect(await localDb.conflicts.count()).toBe(1);
    expect(await localDb.outbox.count()).toBe(0);
  });

  it('puts the overwritten value back with 元の値に戻す, as a new change, and dismisses the conflict', async () => {
    sessionStore.start(loginResponse());
    await localDb.customers.put({
      ...serverCustomer({ id: ID2, name: '佐藤 次郎', phone: '090-9999-0000' }),
      pending: 0,
    });
    renderBar();
    await addProblems([], [conflict]);
    const drawer = await openDrawer();
    const item = within(drawer).getByRole('listitem', { name: '「佐藤 次郎」の電話番号' });
    fireEvent.click(within(item).getByRole('button', { name: '元の値に戻す' }));
    expect(await screen.findByText('元の値に戻しました')).toBeTruthy();
    await waitFor(() => expect(within(drawer).queryByRole('listitem', { name: '「佐藤 次郎」の電話番号' })).toBeNull());
    // The new change waits, named for the receptionist (issue 37).
    const waiting = await within(drawer).findByRole('region', { name: '送信待ち' });
    expect(within(waiting).getByRole('listitem').textContent).toBe('「佐藤 次郎」');
    expect(await localDb.conflicts.count()).toBe(0);
    const [entry] = await localDb.outbox.toArray();
    expect(entry).toMatchObject({
      name: 'customer.update',
      args: { id: ID2, patch: { phone: '03-1111-2222' }, base: { phone: '090-9999-0000' } },
    });
    expect((await localDb.customers.get(ID2))?.phone).toBe('03-1111-2222');
    sessionStore.end('logout');
  });
});
