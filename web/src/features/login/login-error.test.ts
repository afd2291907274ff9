import { describe, expect, it } from 'vitest';
import { errorFromResponse, networkError, timeoutError } from '../../api/errors';
import { SessionStorageError } from '../../auth/session-store';
import { fail } from '../../test-utils/fixtures';
import { loginErrorMessage } from './login-error';

describe('login error catalogue (spec 8)', () => {
  it.each([
    [
      errorFromResponse(429, fail('TOO_MANY_LOGIN_ATTEMPTS', 'x')),
      'ログイン試行回数が上限を超えました。15分後に再試行してください。',
    ],
    [
      errorFromResponse(401, fail('INVALID_CREDENTIALS', 'x')),
      'ユーザー名（メールアドレス）またはパスワードが正しくありません',
    ],
    [errorFromResponse(502, null), 'サーバーが一時的に利用できません。しばらく経ってから再試行してください。'],
    [errorFromResponse(400, fail('VALIDATION_ERROR', 'パスワードが長すぎます')), 'パスワードが長すぎます'],
    [errorFromResponse(500, fail('INTERNAL_ERROR', 'サーバー内部エラー')), 'サーバー内部エラー'],
    [errorFromResponse(500, null), 'ログインに失敗しました'],
    [timeoutError(), '通信がタイムアウトしました。しばらく経ってから再試行してください。'],
    [networkError(), 'サーバーに接続できません。サーバーが起動しているか確認してください。'],
    [new SessionStorageError(new Error('quota')), '認証データの保存に失敗しました'],
    [new Error('boom'), 'ログインに失敗しました'],
  ])('%#: %s', (err, expected) => {
    expect(loginErrorMessage(err, true)).toBe(expected);
  });

  it('says the device is offline when the fetch failed without a connection', () => {
    expect(loginErrorMessage(networkError(), false)).toBe(
      'ネットワークエラーが発生しました。インターネット接続を確認してください。',
    );
  });
});
