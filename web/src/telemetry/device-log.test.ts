import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { send } from '../api/http';
import { LogDb } from './log-db';
import { sentBody } from '../test-utils/fixtures';
import { z } from 'zod';
import { describeTarget, startDeviceLogCollector } from './device-log-collector';
import { isMobileDevice } from './device-facts';
import { buildReport, recordAction, recordApiTiming, recordError } from './device-log-store';
import { sendDeviceLog } from './device-log-upload';
import { clearDataKey, dataKey, setDataKey } from '../vault/data-key';

let db: LogDb;
const error = (message: string) => ({
  type: 'window_error',
  severity: 'high' as const,
  message,
  stack: '',
  timestamp: new Date().toISOString(),
  url: '/x',
});
const posts = () =>
  (vi.mocked(fetch).mock.calls as Array<[string, RequestInit]>).filter(([url]) => url.startsWith('/api/android-logs/'));

beforeEach(async () => {
  db = new LogDb(`logs-${crypto.randomUUID()}`);
  await db.open();
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(new Response(JSON.stringify({ success: true, data: {} }), { status: 201 }))),
  );
});
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  await db.delete();
});

describe('the device error log on the device', () => {
  it('trims actions from over 100 to the last 50 and API timings from over 50 to the last 25 (spec 9)', async () => {
    for (let i = 1; i <= 101; i++) await recordAction(db, { type: 'click', target: `button:${i}`, timestamp: '' });
    expect((await db.deviceActions.toArray()).map((a) => a.target)).toEqual(
      Array.from({ length: 50 }, (_, i) => `button:${i + 52}`),
    );
    for (let i = 1; i <= 51; i++)
      await recordApiTiming(db, { url: `/x/${i}`, method: 'GET', status: 200, duration: i, timestamp: '' });
    expect((await db.apiTimings.toArray()).map((a) => a.duration)).toEqual(
      Array.from({ length: 25 }, (_, i) => i + 27),
    );
  });

  it('sends everything without an auth header, and clears only the errors it carried', async () => {
    await recordError(db, error('first'));
    await recordAction(db, { type: 'click', target: 'button:保存', timestamp: '' });
    const report = buildReport(db, 'manual');
    await recordError(db, error('came later')); // while the report was being sent
    const outcome = await sendDeviceLog(db, 'manual');
    expect(outcome).toMatchObject({ ok: true });
    const [url, init] = posts()[0]!;
    expect(url).toBe('/api/android-logs/upload');
    expect(new Headers(init.headers).has('authorization')).toBe(false);
    const body = JSON.parse(sentBody(init));
    expect(body.errors.map((e: { message: string }) => e.message)).toEqual(['first', 'came later']);
    expect(body).toMatchObject({
      metadata: { appVersion: '0.1.0', trigger: 'manual' },
      userActions: [{ target: 'button:保存' }],
    });
    expect(Object.keys(body.deviceInfo).sort()).toEqual([
      'connectionType',
      'language',
      'name',
      'platform',
      'screenSize',
      'userAgent',
      'viewport',
    ]);
    expect(await db.deviceErrors.count()).toBe(0);
    expect((await report).lastErrorId).not.toBeNull();
  });

  it('keeps every error when the upload fails', async () => {
    vi.mocked(fetch).mockResolvedValue(new Response('{}', { status: 500 }));
    await recordError(db, error('kept'));
    expect(await sendDeviceLog(db, 'manual')).toEqual({ ok: false, status: 500 });
    vi.mocked(fetch).mockRejectedValue(new TypeError('offline'));
    expect(await sendDeviceLog(db, 'manual')).toEqual({ ok: false, status: null });
    expect(await db.deviceErrors.count()).toBe(1);
  });

  it('while the device is locked sends nothing and keeps the sealed log for later', async () => {
    await recordError(db, error('kept sealed'));
    const key = dataKey().slice();
    clearDataKey();
    expect(await sendDeviceLog(db, 'interval')).toEqual({ ok: false, status: null });
    expect(posts()).toHaveLength(0);
    expect(await db.deviceErrors.count()).toBe(1);
    setDataKey(key);
  });
});

describe('the collector', () => {
  it('on a phone: keeps a window error and a failed API call, and reports them at once to /error', async () => {
    const stop = startDeviceLogCollector({ db });
    window.dispatchEvent(new ErrorEvent('error', { message: 'boom', error: new Error('boom') }));
    vi.mocked(fetch).mockResolvedValueOnce(
      new Response(JSON.stringify({ success: false, error: 'x', message: 'x', code: 'INTERNAL_ERROR', data: null }), {
        status: 500,
      }),
    );
    await send('/customers', { schema: z.unknown() }).catch(() => undefined);
    await vi.waitFor(() => expect(posts().map(([url]) => url)).toEqual(['/api/android-logs/error']), { timeout: 4000 });
    const body = JSON.parse(sentBody(posts()[0]![1]));
    expect(body.errors.map((e: { type: string }) => e.type)).toEqual(['window_error', 'api_error']);
    expect(body.performance.apiResponseTimes).toMatchObject([{ url: '/customers', method: 'GET', status: 500 }]);
    await vi.waitFor(async () => expect(await db.deviceErrors.count()).toBe(0));
    stop();
  });

  it('uploads every interval only when something new happened', async () => {
    const stop = startDeviceLogCollector({ db, intervalMs: 200 });
    await new Promise((r) => setTimeout(r, 500));
    expect(posts()).toHaveLength(0);
    document.body.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    await vi.waitFor(() => expect(posts().map(([url]) => url)).toEqual(['/api/android-logs/upload']));
    stop();
  });

  // What a tablet collects arrives whatever its browser calls itself: a tablet's Chrome asks for desktop
  // sites by default (a Linux desktop's user agent, with a touch screen), and the reception desk's PC counts too.
  const DEVICES = [
    {
      name: "an Android tablet's",
      userAgent:
        'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      touchPoints: 10,
      mobile: true,
    },
    {
      name: "a tablet's asking for desktop sites",
      userAgent:
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      touchPoints: 10,
      mobile: true,
    },
    {
      name: "a desktop's",
      userAgent:
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      touchPoints: 0,
      mobile: false,
    },
  ];
  for (const device of DEVICES) {
    it(`with ${device.name} user agent: reports an error at once and what was tapped at the interval`, async () => {
      vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(device.userAgent);
      vi.spyOn(navigator, 'maxTouchPoints', 'get').mockReturnValue(device.touchPoints);
      try {
        expect(isMobileDevice()).toBe(device.mobile);
        const stop = startDeviceLogCollector({ db, intervalMs: 200 });
        document.body.innerHTML = '<button>保存</button>';
        document.querySelector('button')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
        await vi.waitFor(() => expect(posts().map(([url]) => url)).toContain('/api/android-logs/upload'));
        window.dispatchEvent(new ErrorEvent('error', { message: 'boom', error: new Error('boom') }));
        await vi.waitFor(() => expect(posts().map(([url]) => url)).toContain('/api/android-logs/error'), {
          timeout: 4000,
        });
        const sent = posts().map(([, init]) => JSON.parse(sentBody(init)));
        expect(sent.flatMap((body) => body.userActions)).toContainEqual(
          expect.objectContaining({ target: 'button:保存' }),
        );
        // The error went with the first upload after it (the interval's or the error's own).
        expect(sent.flatMap((body) => body.errors)).toContainEqual(expect.objectContaining({ message: 'boom' }));
        expect(sent.every((body) => body.deviceInfo.userAgent === device.userAgent)).toBe(true);
        stop();
      } finally {
        vi.restoreAllMocks();
      }
    });
  }

  it('names what was tapped without names a person typed or a patient has', () => {
    document.body.innerHTML =
      '<button aria-label="山田花子を削除"><span>削除</span></button><a href="/customers/abc">山田花子</a><input value="山田">';
    expect(describeTarget(document.querySelector('span'))).toBe('button:削除');
    expect(describeTarget(document.querySelector('a'))).toBe('link:/customers/abc');
    expect(describeTarget(document.querySelector('input'))).toBe('input');
  });
});
