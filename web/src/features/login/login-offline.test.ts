import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SESSION_STORAGE_KEY } from '../../auth/session';
import { jsonResponse, loginResponse, ok } from '../../test-utils/fixtures';
import { submitLogin } from './login-submit';
import { signInDeps } from './vault-test-support';

vi.mock('../../telemetry/operation-log', () => ({ logOperation: vi.fn() }));
vi.mock('./sign-in-runtime', () => import('./vault-test-support'));
const lent = signInDeps;

function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    length: 0,
    clear: () => data.clear(),
    key: () => null,
    getItem: (k) => data.get(k) ?? null,
    removeItem: (k) => void data.delete(k),
    setItem: (k, v) => void data.set(k, v),
  };
}

const offline = () =>
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
  );

describe('signing in on a tablet', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  beforeAll(async () => {
    // staff1 signed in here once, online.
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(jsonResponse(200, ok(loginResponse())))),
    );
    const outcome = await submitLogin({ identifier: 'staff1', password: 'pass-1234' }, memoryStorage());
    expect(outcome).toEqual({ ok: true });
    expect(lent.lend).toHaveBeenCalledWith('u-staff', expect.any(Uint8Array), expect.any(Number));
  });

  it('works offline for someone who signed in here before, with a session without tokens', async () => {
    offline();
    const storage = memoryStorage();
    expect(await submitLogin({ identifier: 'staff1', password: 'pass-1234' }, storage)).toEqual({ ok: true });
    const session = JSON.parse(storage.getItem(SESSION_STORAGE_KEY) ?? '{}') as Record<string, unknown>;
    expect(session).toMatchObject({ userId: 'u-staff' });
    expect(session).not.toHaveProperty('tokens');
    expect(session).not.toHaveProperty('accessToken');
    const [, onlineKey] = lent.lend.mock.calls[0] as unknown as [string, Uint8Array];
    const [, offlineKey] = lent.lend.mock.calls.at(-1) as unknown as [string, Uint8Array];
    expect(offlineKey).toEqual(onlineKey);
  });

  it('says a wrong password offline in the words of the server', async () => {
    offline();
    const storage = memoryStorage();
    expect(await submitLogin({ identifier: 'staff1', password: 'wrong-pass' }, storage)).toEqual({
      ok: false,
      message: 'ユーザー名（メールアドレス）またはパスワードが正しくありません',
    });
    expect(storage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('tells someone new to this tablet that the first time needs the network', async () => {
    offline();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect(await submitLogin({ identifier: 'newcomer', password: 'pass-1234' }, memoryStorage())).toEqual({
      ok: false,
      message: '初めてこの端末を使う場合はネットワーク接続が必要です',
    });
  });
});
