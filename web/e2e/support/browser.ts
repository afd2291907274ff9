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
  // The camera screens: Chromium's own moving test picture instead of a camera, and no permission prompt.
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
];

/** Chromium for scripts/bench, which drive it outside the test runner (the end-to-end tests get theirs from playwright.config.ts). */
export function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...extraArgs], headless: true });
}

// The three screens the app is used on (the end-to-end projects, playwright.config.ts).
export const TABLET = { width: 1280, height: 800 };
export const TABLET_PORTRAIT = { width: 800, height: 1280 };
export const NARROW = { width: 390, height: 844 };

/** What else a device is: a phone's user agent and touch screen (see ANDROID_PHONE). */
export type DeviceOptions = { userAgent?: string; isMobile?: boolean; hasTouch?: boolean };

/** An Android phone as the device error log recognises one. */
export const ANDROID_PHONE: DeviceOptions = {
  userAgent:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  hasTouch: true,
};

/** A device as the end-to-end projects make it (Japanese, Japan time), for scripts/bench. */
export function newContext(
  browser: Browser,
  baseURL: string,
  viewport = TABLET,
  options: DeviceOptions = {},
): Promise<BrowserContext> {
  return browser.newContext({ baseURL, viewport, locale: 'ja-JP', timezoneId: 'Asia/Tokyo', ...options });
}
