import type { Page } from '@playwright/test';
import { adminReader } from './support/api';
import { expect, test } from './support/fixtures';

type Session = { sessionId: string; fileName: string };
type Entry = { operation: string; sessionId: string; data: { startedAt?: string; device?: { userAgent?: string } } };

/** The device error log sessions on the server whose errors include `message`. */
const sessionsWith = async (baseURL: string, message: string) => {
  const read = await adminReader(baseURL);
  const { logs } = await read<{ logs: Session[] }>('/android-logs/list');
  const details = await Promise.all(
    logs.map((log) =>
      read<{ errors: { message: string }[] }>(`/android-logs/detail/${encodeURIComponent(log.fileName)}`),
    ),
  );
  return logs.filter((_, i) => details[i]!.errors.some((e) => e.message.includes(message)));
};

/** The start-up events the server holds from a device with this user agent. */
const startsFrom = async (baseURL: string, userAgent: string) => {
  const read = await adminReader(baseURL);
  const { logs } = await read<{ logs: Entry[] }>('/pwa-operations/logs?operation=app_start');
  return logs.filter((entry) => entry.data.device?.userAgent === userAgent);
};

const throwOnPage = (page: Page, message: string) =>
  page.evaluate((text) => {
    setTimeout(() => {
      throw new Error(text);
    });
  }, message);

// Whatever the browser calls itself, what the device collects arrives: a treatment tablet's Chrome asks for
// desktop sites by default (a Linux desktop's user agent, with a touch screen), and the reception PC counts too.
const DEVICES = [
  {
    name: 'a treatment tablet asking for desktop sites',
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    hasTouch: true,
  },
  {
    name: 'the reception desktop',
    userAgent:
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    hasTouch: false,
  },
];

for (const device of DEVICES) {
  test.describe(`the logs of ${device.name}`, () => {
    test.use({ userAgent: device.userAgent, hasTouch: device.hasTouch });

    test('reach the server: the start-up event in 操作ログ, an error in 端末エラーログ', async ({
      adminPage: page,
      serverURL,
    }) => {
      await page.goto('/visits');
      await expect(page.getByRole('heading', { level: 1, name: '来院履歴' })).toBeVisible();
      await expect.poll(() => startsFrom(serverURL, device.userAgent), { timeout: 30_000 }).not.toHaveLength(0);
      const [start] = await startsFrom(serverURL, device.userAgent);
      expect(start!.data.startedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);

      const message = `e2e: ${device.name}で起きたエラー`;
      await throwOnPage(page, message);
      await expect.poll(() => sessionsWith(serverURL, message), { timeout: 30_000 }).toHaveLength(1);
    });
  });
}
