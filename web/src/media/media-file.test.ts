import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../auth/session-store';
import { fakeServer } from '../test-utils/fake-server';
import { fail, jsonResponse, loginResponse, ok } from '../test-utils/fixtures';
import { openMediaFile } from './media-file';
import { sendPoster } from './poster';

const ID = '00000000-0000-4000-8000-0000000000aa';

const link = { url: `/api/media/${ID}/file?sig=s&exp=9`, sig: 's', exp: 9, expiresAt: '2026-11-20T01:00:00.000Z' };
const expired = () => jsonResponse(401, fail('TOKEN_EXPIRED', null));
const refreshed = () => jsonResponse(200, ok(loginResponse({ accessToken: 'access-2', refreshToken: 'refresh-2' })));

describe('captures from the server, through the one request path', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStore.start(loginResponse());
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStore.end('logout');
  });

  it('opens a capture not on this device by the link the server signed', async () => {
    const calls = fakeServer(() => jsonResponse(200, ok(link)));
    const opened = await openMediaFile(ID);
    expect(opened.url).toBe(link.url);
    expect(calls).toMatchObject([{ url: `/api/media/${ID}/link`, method: 'POST', auth: 'Bearer access-1' }]);
  });

  it('says it cannot open the capture, and why, when the answer is not a link', async () => {
    fakeServer(() => jsonResponse(200, ok({ url: 'https://elsewhere.example/x' })));
    await expect(openMediaFile(ID)).rejects.toThrow(
      '写真・動画を開けませんでした：サーバーからの応答を読み取れませんでした。画面を再読み込みしてください',
    );
  });

  it('names the status when the server refuses (spec 8)', async () => {
    fakeServer(() => jsonResponse(404, fail('NOT_FOUND', 'まだアップロードされていません')));
    await expect(openMediaFile(ID)).rejects.toThrow('写真・動画を開けませんでした：サーバーエラー（404）');
  });

  it('sends a poster as JPEG with the token, refreshing once when it has expired', async () => {
    const calls = fakeServer(expired, refreshed, () => jsonResponse(200, ok({ id: ID, thumbnail: true })));
    await sendPoster(ID, new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' }));
    expect(calls.map((c) => [c.url, c.method, c.auth])).toEqual([
      [`/api/media/${ID}/poster`, 'PUT', 'Bearer access-1'],
      ['/api/auth/refresh', 'POST', null],
      [`/api/media/${ID}/poster`, 'PUT', 'Bearer access-2'],
    ]);
    expect(calls[0]?.type).toBe('image/jpeg');
  });
});
