import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test-utils/fixtures';
import { submitLogin } from './login-submit';

const operations = vi.hoisted(() => ({ log: vi.fn() }));
vi.mock('../../telemetry/operation-log', () => ({ logOperation: operations.log }));

describe('a failed login', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('goes to the operation log with its reason, never with what was typed', async () => {
    const message = 'ユーザー名（メールアドレス）またはパスワードが正しくありません';
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          jsonResponse(401, { success: false, data: null, error: message, message, code: 'INVALID_CREDENTIALS' }),
        ),
      ),
    );
    const outcome = await submitLogin({ identifier: 'hanako', password: 'secret-password-1' }, null);
    expect(outcome).toMatchObject({ ok: false });
    await vi.waitFor(() => expect(operations.log).toHaveBeenCalledOnce());
    const [operation, fields] = operations.log.mock.calls[0]!;
    expect(operation).toBe('login_failure');
    expect(fields).toMatchObject({ screen: '/login', error: { code: 'INVALID_CREDENTIALS' } });
    expect(JSON.stringify(fields)).not.toMatch(/hanako|secret-password/);
  });
});
