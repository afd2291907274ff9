import { describe, expect, it } from 'vitest';
import { fail } from '../test-utils/fixtures';
import { errorFromResponse, networkError, timeoutError, toApiError } from './errors';

describe('error mapping (spec 8)', () => {
  it.each([
    [400, 'input', '入力エラー', '予期しないエラーが発生しました', false],
    [401, 'auth', '認証エラー', 'ログインが必要です', false],
    [403, 'forbidden', 'アクセスエラー', 'この操作を実行する権限がありません', false],
    [404, 'notFound', '見つかりません', 'APIエンドポイントが見つかりません', false],
    [500, 'server', 'サーバーエラー', 'サーバー内部エラーが発生しました', true],
    [502, 'server', 'サーバーエラー', 'サーバーが一時的に利用できません', true],
    [503, 'server', 'サーバーエラー', 'サーバーが一時的に利用できません', true],
    [504, 'server', 'サーバーエラー', '予期しないエラーが発生しました', true],
  ] as const)('status %i -> %s / %s / %s', (status, kind, title, message, retryable) => {
    const err = errorFromResponse(status, null);
    expect(err).toMatchObject({ status, kind, title, message });
    expect(err.retryable).toBe(retryable);
  });

  it('maps a failed fetch and a timeout, both retryable', () => {
    expect(networkError()).toMatchObject({
      kind: 'network',
      title: 'ネットワークエラー',
      message: 'ネットワークエラーが発生しました',
      status: null,
    });
    expect(timeoutError()).toMatchObject({ kind: 'timeout', message: '通信がタイムアウトしました' });
    expect(networkError().retryable).toBe(true);
    expect(timeoutError().retryable).toBe(true);
  });

  it('prefers the server Japanese message for a 4xx and keeps the code', () => {
    const err = errorFromResponse(400, fail('VALIDATION_ERROR', '顧客名を入力してください'));
    expect(err).toMatchObject({ kind: 'input', code: 'VALIDATION_ERROR', message: '顧客名を入力してください' });
    expect(errorFromResponse(404, fail('NOT_FOUND', 'Not Found')).message).toBe('APIエンドポイントが見つかりません');
  });

  it('keeps the fixed wording for 401 and 5xx but remembers the server text', () => {
    const err = errorFromResponse(401, fail('TOKEN_EXPIRED', 'トークンの有効期限が切れました'));
    expect(err.message).toBe('ログインが必要です');
    expect(err.serverMessage).toBe('トークンの有効期限が切れました');
    expect(errorFromResponse(500, fail('INTERNAL_ERROR', '内部エラー')).message).toBe(
      'サーバー内部エラーが発生しました',
    );
  });

  it('shows the server word when its database is away (503), retryable so the outbox keeps it for later', () => {
    const word =
      'サーバーのデータベースに一時的に接続できません。この端末の未送信の変更は消えずに残り、つながりしだい自動で送信されます';
    const err = errorFromResponse(503, fail('DATABASE_UNAVAILABLE', word));
    expect(err).toMatchObject({ kind: 'server', code: 'DATABASE_UNAVAILABLE', message: word });
    expect(err.retryable).toBe(true);
    expect(errorFromResponse(503, fail('STORAGE_DAMAGED', word))).toMatchObject({ kind: 'server', message: word });
  });

  it('shows the server word for a full disk (507), retryable so the outbox keeps it for later', () => {
    const word = 'サーバーの保存領域がいっぱいのため、保存できませんでした。';
    expect(errorFromResponse(507, fail('STORAGE_FULL', word))).toMatchObject({
      kind: 'server',
      code: 'STORAGE_FULL',
      message: word,
      retryable: true,
    });
    expect(errorFromResponse(507, null).message).toBe('サーバーが一時的に利用できません');
  });

  it('turns anything else into an unexpected error', () => {
    expect(toApiError(new TypeError('x'))).toMatchObject({
      kind: 'unknown',
      message: '予期しないエラーが発生しました',
    });
  });
});
