import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SESSION_STORAGE_KEY } from '../../auth/session';
import { VAULT_DB_NAME } from '../../vault/keystore-db';
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

  // Whatever the keystore holds, and whatever the browser's online flag says (it stays true with the Wi-Fi off
  // while another link is up): someone new here without the server learns what they need.
  const KEYSTORES: Array<[string, () => void | Promise<void>]> = [
    ['holds another person', () => undefined],
    ['holds an entry without login ids (an older version, a broken write)', () => putRawUser({ userId: 'u-broken' })],
    [
      'cannot be read at all',
      () => {
        vi.spyOn(indexedDB, 'open').mockImplementation(() => {
          throw new DOMException('the vault is being wiped', 'UnknownError');
        });
      },
    ],
    [
      'is fine, but the settings cannot be read (the last person signed out with an unsent change)',
      () => {
        vi.spyOn(lent, 'offlineDays').mockRejectedValue(new Error('DatabaseClosedError'));
      },
    ],
  ];
  for (const [keystore, arrange] of KEYSTORES) {
    for (const online of [false, true]) {
      it(`says the first time needs the network when the keystore ${keystore} (online flag ${online})`, async () => {
        offline();
        vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
        await arrange();
        expect(await submitLogin({ identifier: 'newcomer', password: 'pass-1234' }, memoryStorage())).toEqual({
          ok: false,
          message: '初めてこの端末を使う場合はネットワーク接続が必要です',
        });
      });
    }
  }

  it('signs in someone known here while the settings cannot be read, by the default days', async () => {
    offline();
    vi.spyOn(lent, 'offlineDays').mockRejectedValue(new Error('DatabaseClosedError'));
    expect(await submitLogin({ identifier: 'staff1', password: 'pass-1234' }, memoryStorage())).toEqual({ ok: true });
  });
});

/** An entry written straight into the keystore's database, as something other than this version left it. */
async function putRawUser(entry: object) {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(VAULT_DB_NAME);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('open failed'));
  });
  await new Promise((resolve, reject) => {
    const tx = db.transaction('users', 'readwrite');
    tx.objectStore('users').put(entry);
    tx.oncomplete = resolve;
    tx.onerror = () => reject(tx.error ?? new Error('put failed'));
  });
  db.close();
}
