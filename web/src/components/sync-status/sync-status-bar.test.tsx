import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { Conflict, Rejection } from '@clinic/sync-protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notifyChanged } from '../../db/changes';
import { localDb, mutateAsCurrentUser, syncEngine, syncProblemsStore, wipeLocalData } from '../../sync';
import { serverCustomer } from '../../sync/test-support';
import { withAntd } from '../../test-utils/render';
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
  notifyChanged({ table: 'rejections', ids: 'all' });
  await act(async () => {
    await syncProblemsStore.settled();
    await syncEngine.refreshCounts();
  });
}

const renderBar = () => render(withAntd(<SyncStatusBar />));
const openDrawer = async (count: number) => {
  fireEvent.click(screen.getByRole('button', { name: `同期の問題 ${count}件` }));
  return screen.findByRole('dialog', { name: '同期できなかった変更' });
};

describe('sync status bar', () => {
  beforeEach(async () => {
    await wipeLocalData();
    syncEngine.status.set({ online: true, syncing: false, error: null, lastSyncedAt: null });
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows online, 同期済み and no problems when nothing is pending', async () => {
    renderBar();
    expect(screen.getByText('オンライン')).toBeTruthy();
    expect(screen.getByText('同期済み')).toBeTruthy();
    expect(screen.getByRole('button', { name: '同期の問題 0件' })).toBeTruthy();
  });

  it('shows offline, the pending count, the last sync time and a spinner while syncing', async () => {
    renderBar();
    await mutateAsCurrentUser('customer.create', { id: ID1, name: '山田 花子', phone: '090-1234-5678' });
    await mutateAsCurrentUser('customer.delete', { id: ID1 });
    await act(async () => {
      await syncEngine.refreshCounts();
      syncEngine.status.set({ online: false, syncing: true, lastSyncedAt: new Date(2026, 10, 22, 9, 5).toISOString() });
    });
    expect(screen.getByText('オフライン')).toBeTruthy();
    expect(screen.getByText('未同期 2件')).toBeTruthy();
    expect(screen.getByRole('img', { name: '同期中' })).toBeTruthy();
    expect(screen.getByText(/^最終同期 (11\/22 )?09:05$/)).toBeTruthy();
  });

  it('lists a refused change with its Japanese name, customer, reason and time', async () => {
    renderBar();
    await addProblems([rejection({}), rejection({ mutationId: 8, name: 'customer.delete', args: { id: ID2 }, reason: '権限がありません' })]);
    const drawer = await openDrawer(2);
    expect(within(drawer).getByText('サーバーが受け付けなかった変更')).toBeTruthy();
    expect(within(drawer).getByText('顧客の登録：「山田 花子」')).toBeTruthy();
    expect(within(drawer).getByText('理由: この顧客は既に登録されています')).toBeTruthy();
    expect(within(drawer).getByText('顧客の削除')).toBeTruthy();
    expect(within(drawer).getAllByText(/^2026\/11\/22 \d\d:\d\d$/)).toHaveLength(2);
  });

  it('retries a refused create as a new change with a new id and removes it from the list', async () => {
    renderBar();
    await addProblems([rejection({})]);
    const drawer = await openDrawer(1);
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
    expect(screen.getByRole('button', { name: '同期の問題 0件' })).toBeTruthy();
    expect(screen.getByText('未同期 1件')).toBeTruthy();
  });

  it('retries a refused update based on the values the device holds now', async () => {
    await localDb.customers.put({ ...serverCustomer({ id: ID2, name: '佐藤 次郎', phone: '03-5555-5555' }), pending: 0 });
    renderBar();
    await addProblems([
      rejection({ name: 'customer.update', args: { id: ID2, patch: { phone: '090-9999-0000' }, base: { phone: '03-1111-2222' } } }),
    ]);
    const drawer = await openDrawer(1);
    expect(within(drawer).getByText('顧客の更新：「佐藤 次郎」')).toBeTruthy();
    fireEvent.click(within(drawer).getByRole('button', { name: '新しい変更として再試行' }));
    await waitFor(async () => expect(await localDb.outbox.count()).toBe(1));
    const [entry] = await localDb.outbox.toArray();
    expect(entry?.args).toEqual({ id: ID2, patch: { phone: '090-9999-0000' }, base: { phone: '03-5555-5555' } });
  });

  it('keeps a refused update whose customer is gone and says why', async () => {
    renderBar();
    await addProblems([rejection({ name: 'customer.update', args: { id: ID2, patch: { phone: '090-9999-0000' }, base: {} } })]);
    const drawer = await openDrawer(1);
    fireEvent.click(within(drawer).getByRole('button', { name: '新しい変更として再試行' }));
    expect(await screen.findByText('再試行できませんでした: この顧客はこの端末にないため再試行できません')).toBeTruthy();
    expect(await localDb.rejections.count()).toBe(1);
    expect(await localDb.outbox.count()).toBe(0);
  });

  it('says a change the server could not keep cannot be retried, and keeps it listed', async () => {
    renderBar();
    await addProblems([rejection({ name: 'customer.create', args: { truncated: true, reason: 'size', kept: null } })]);
    const drawer = await openDrawer(1);
    fireEvent.click(within(drawer).getByRole('button', { name: '新しい変更として再試行' }));
    expect(await screen.findByText(/^再試行できませんでした: 変更の内容が大きすぎてサーバーに残せなかったため/)).toBeTruthy();
    expect(await localDb.rejections.count()).toBe(1);
    expect(await localDb.outbox.count()).toBe(0);
  });

  it('retries a refused create as a new record with a fresh id', async () => {
    renderBar();
    const args = { id: ID2, name: '新規 花子', phone: '090-1111-2222' };
    await addProblems([rejection({ name: 'customer.create', args })]);
    const drawer = await openDrawer(1);
    fireEvent.click(within(drawer).getByRole('button', { name: '新しい変更として再試行' }));
    await waitFor(async () => expect(await localDb.outbox.count()).toBe(1));
    const [entry] = await localDb.outbox.toArray();
    expect(entry).toMatchObject({ name: 'customer.create', args: { name: '新規 花子', phone: '090-1111-2222' } });
    expect(entry?.args.id).not.toBe(ID2);
    await waitFor(async () => expect(await localDb.rejections.count()).toBe(0));
  });

  it('discards a refused change only after confirming', async () => {
    renderBar();
    await addProblems([rejection({})]);
    const drawer = await openDrawer(1);
    fireEvent.click(within(drawer).getByRole('button', { name: '破棄' }));
    const confirm = await screen.findByRole('tooltip');
    expect(within(confirm).getByText('この変更を破棄しますか？')).toBeTruthy();
    expect(await localDb.rejections.count()).toBe(1);
    fireEvent.click(within(confirm).getByRole('button', { name: '破棄' }));
    await waitFor(() => expect(within(drawer).queryByText('顧客の登録：「山田 花子」')).toBeNull());
    expect(await localDb.rejections.count()).toBe(0);
    expect(await localDb.outbox.count()).toBe(0);
  });

  it('shows overwritten values with field, both values and both people, and acknowledges them', async () => {
    await localDb.customers.put({ ...serverCustomer({ id: ID2, name: '佐藤 次郎' }), pending: 0 });
    renderBar();
    await addProblems([], [conflict]);
    const drawer = await openDrawer(1);
    expect(within(drawer).getByRole('heading', { name: '上書きされた値' })).toBeTruthy();
    const item = within(drawer).getByRole('listitem', { name: '「佐藤 次郎」：電話番号' });
    expect(within(item).getByText('03-1111-2222')).toBeTruthy();
    expect(within(item).getByText('090-9999-0000')).toBeTruthy();
    expect(within(item).getByText(/上書きした人: staff2/)).toBeTruthy();
    expect(within(item).getByText(/失われた値の入力者: staff1/)).toBeTruthy();
    fireEvent.click(within(item).getByRole('button', { name: '確認済みにする' }));
    await waitFor(() => expect(within(drawer).queryByRole('listitem')).toBeNull());
    expect(await localDb.conflicts.count()).toBe(0);
    expect(within(drawer).getByText('同期できなかった変更はありません')).toBeTruthy();
  });

  it('shows the last sync error in the list', async () => {
    renderBar();
    act(() => syncEngine.status.set({ error: 'ネットワークエラーが発生しました' }));
    const drawer = await openDrawer(0);
    expect(within(drawer).getByText('前回の同期でエラーが発生しました')).toBeTruthy();
    expect(within(drawer).getByText('ネットワークエラーが発生しました')).toBeTruthy();
  });
});
