import { describe, expect, it } from 'vitest';
import type { SyncStatus } from '../../sync';
import { describeSyncState } from './describe-sync-state';

const status = (over: Partial<SyncStatus>): SyncStatus => ({
  online: true,
  syncing: false,
  pendingCount: 0,
  countsKnown: true,
  problemCount: 0,
  lastSyncedAt: null,
  error: null,
  updateRequired: false,
  ...over,
});

describe('the sync state in plain words', () => {
  it('says everything is synced when nothing waits', () => {
    expect(describeSyncState(status({}))).toEqual({
      tone: 'synced',
      sentence: 'すべての変更は同期済みです。',
      problems: null,
      attention: false,
      detail: null,
    });
  });

  it('online with changes waiting: they go soon, calmly', () => {
    const state = describeSyncState(status({ pendingCount: 2 }));
    expect(state.tone).toBe('pending');
    expect(state.sentence).toBe('送信待ちの変更が2件あります。まもなく自動で送信します。');
    expect(state.attention).toBe(false);
  });

  it('offline is normal: the changes are kept here and go when the connection returns', () => {
    const withPending = describeSyncState(status({ online: false, pendingCount: 2 }));
    expect(withPending.tone).toBe('offline');
    expect(withPending.sentence).toBe(
      'オフラインです。2件の変更はこの端末に保存済みで、接続が戻ると自動で送信します。',
    );
    expect(withPending.attention).toBe(false);
    expect(describeSyncState(status({ online: false })).sentence).toBe(
      'オフラインです。変更はこの端末に保存され、接続が戻ると自動で送信します。',
    );
  });

  it('a network failure is offline, not a problem, and shows no error text', () => {
    const state = describeSyncState(
      status({ online: false, pendingCount: 1, error: 'ネットワークエラーが発生しました' }),
    );
    expect(state.tone).toBe('offline');
    expect(state.attention).toBe(false);
    expect(state.detail).toBeNull();
  });

  it('only a failing server while online is a problem, with the server’s words as detail', () => {
    const state = describeSyncState(status({ pendingCount: 1, error: 'サーバー内部エラーが発生しました' }));
    expect(state.tone).toBe('problem');
    expect(state.sentence).toBe(
      'サーバーに接続できませんでした。変更はこの端末に保存されています。しばらくしてから自動で再送信します。',
    );
    expect(state.attention).toBe(true);
    expect(state.detail).toBe('サーバー内部エラーが発生しました');
  });

  it('does not call the last error a problem while a new round is under way (the network just came back)', () => {
    const state = describeSyncState(
      status({ syncing: true, pendingCount: 3, error: 'ネットワークエラーが発生しました' }),
    );
    expect(state.tone).toBe('pending');
    expect(state.attention).toBe(false);
  });

  it('says when the app must be updated, keeping the changes', () => {
    const state = describeSyncState(status({ pendingCount: 1, updateRequired: true, error: 'x' }));
    expect(state.tone).toBe('problem');
    expect(state.sentence).toBe('アプリの更新が必要です。変更はこの端末に保存されており、更新後に自動で送信します。');
    expect(state.detail).toBeNull();
  });

  it('asks for attention when changes were refused or overwritten, whatever the network', () => {
    for (const online of [true, false]) {
      const state = describeSyncState(status({ online, problemCount: 2 }));
      expect(state.problems).toBe('確認が必要な変更が2件あります。');
      expect(state.attention).toBe(true);
    }
  });
});
