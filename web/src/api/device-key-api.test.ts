import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../auth/session-store';
import { jsonResponse, loginResponse, ok, requestUrl, sentBody } from '../test-utils/fixtures';
import { fetchDeviceKey } from './device-key-api';

const TABLET = '0193a3f0-0000-4000-8000-0000000000aa';
const KEY = Uint8Array.from({ length: 32 }, (_, i) => i * 7);
const base64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));

describe('fetchDeviceKey', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStore.start(loginResponse());
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStore.end('logout');
  });

  it('asks the server for this tablet’s key with the session’s token and gives its 32 bytes', async () => {
    const fetchMock = vi.fn((_url: string, _init?: RequestInit) =>
      Promise.resolve(jsonResponse(200, ok({ key: base64(KEY) }))),
    );
    vi.stubGlobal('fetch', fetchMock);
    expect(await fetchDeviceKey(TABLET)).toEqual(KEY);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(requestUrl(url)).toBe('/api/device-key');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(sentBody(init))).toEqual({ clientId: TABLET });
    expect(new Headers(init?.headers).get('authorization')).toBe(`Bearer ${loginResponse().accessToken}`);
  });

  it('refuses an answer that is not a 32-byte key, never using it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(jsonResponse(200, ok({ key: base64(KEY.slice(0, 16)) })))),
    );
    await expect(fetchDeviceKey(TABLET)).rejects.toMatchObject({ code: 'UNEXPECTED_RESPONSE' });
  });

  it('passes the server’s refusal on in its own words', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          jsonResponse(400, {
            success: false,
            data: null,
            error: '端末のIDが正しくありません',
            message: '端末のIDが正しくありません',
            code: 'VALIDATION_ERROR',
          }),
        ),
      ),
    );
    await expect(fetchDeviceKey('not-a-uuid')).rejects.toMatchObject({ message: '端末のIDが正しくありません' });
  });
});
