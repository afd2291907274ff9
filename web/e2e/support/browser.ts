import { type Browser, type BrowserContext, chromium } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// Flags measured on this machine: without the background-networking ones Chromium keeps dialling out
// to a network that is closed here.
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}

export const TABLET = { width: 1280, height: 800 };
export const NARROW = { width: 390, height: 844 };

export function newContext(browser: Browser, baseURL: string, viewport = TABLET): Promise<BrowserContext> {
  return browser.newContext({ baseURL, viewport, locale: 'ja-JP', timezoneId: 'Asia/Tokyo' });
}
