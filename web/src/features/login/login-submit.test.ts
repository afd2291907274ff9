import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, loginResponse, ok } from '../../test-utils/fixtures';
import { submitLogin } from './login-submit';
import { signInDeps } from './vault-test-support';

const operations = vi.hoisted(() => ({ log: vi.fn() }));
vi.mock('../../telemetry/operation-log', () => ({ logOperation: operations.log }));
vi.mock('./sign-in-runtime', () => import('./vault-test-support'));

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

describe('a login the server accepts', () => {
  afterEach(() => {
    localStorage.clear();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("makes the key of the password's new wrap while the server checks the password, and keeps that one", async () => {
    let answer: (response: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    const made = vi.spyOn(signInDeps.keystore, 'newWrapKey');
    const outcome = submitLogin({ identifier: 'staff1', password: 'pass-1234' }, localStorage);
    // The server has not answered yet: the key is under way already.
    await vi.waitFor(() => expect(made).toHaveBeenCalledWith('pass-1234'), { timeout: 5_000 });
    const signIn = vi.spyOn(signInDeps.keystore, 'signInOnline');
    answer(jsonResponse(200, ok(loginResponse())));
    expect(await outcome).toEqual({ ok: true });
    expect(made).toHaveBeenCalledOnce();
    expect(await signIn.mock.calls[0]?.[3]).toBe(await made.mock.results[0]?.value);
  });

  it('does not make one offline, where the wrap on the device is opened instead', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const made = vi.spyOn(signInDeps.keystore, 'newWrapKey');
    await submitLogin({ identifier: 'nobody', password: 'pass-1234' }, null);
    expect(made).not.toHaveBeenCalled();
  });
});
