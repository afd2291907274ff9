// End-to-end tests (web/e2e/*.e2e.ts) in Debian's Chromium against one real server that serves the production
// build (web/e2e/global-setup.ts). `npm test` runs them after the unit tests, then again for a few files with the
// server on PostgreSQL (E2E_DATABASE_URL). One file alone: `npx playwright test web/e2e/login.e2e.ts`.
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH, NARROW, TABLET, TABLET_PORTRAIT } from './web/e2e/support/browser.ts';

/**
 * Scenarios about the screen's size carry `@sizes` and run on all three screens; those about a phone carry
 * `@phone`. Every other scenario runs once, on the landscape tablet, so CI does not pay for it three times.
 */
const SIZES = /@sizes/;
const PHONE = /@phone/;

export default defineConfig({
  testDir: 'web/e2e',
  testMatch: '*.e2e.ts',
  globalSetup: './web/e2e/global-setup.ts',
  // `npm test` runs two lanes at once (scripts/test.mjs), each keeping its failures' traces in a folder of its own.
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results',
  // Scenarios share one server, and several read what it holds as a whole (the access log, the device logs):
  // one worker, files one after the other. `npm test` runs a second lane beside it with a server of its own.
  workers: 1,
  fullyParallel: false,
  forbidOnly: true,
  retries: 0,
  // Face analysis in the browser and sync rounds take seconds on a 2-core machine, longer beside the other lane.
  timeout: 150_000,
  expect: { timeout: 30_000 },
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
    acceptDownloads: true,
    // A failed scenario keeps its trace (DOM snapshots, network, console: `npx playwright show-trace`). Without
    // the screencast: recording it doubled the camera scenario's time here and starved its video recording.
    // The whole `npm test` run records none (E2E_TRACE=off): recording costs every scenario its DOM snapshots,
    // measured 17 % of the end-to-end time, and a CI run keeps only its output. Rerun a failed file by hand
    // (or the whole run with E2E_TRACE=on) to get its trace.
    trace: process.env.E2E_TRACE === 'off' ? 'off' : { mode: 'retain-on-failure', screenshots: false },
  },
  projects: [
    { name: 'tablet', use: { viewport: TABLET }, grepInvert: PHONE },
    { name: 'tablet-portrait', use: { viewport: TABLET_PORTRAIT }, grep: SIZES },
    { name: 'phone', use: { viewport: NARROW }, grep: [SIZES, PHONE] },
  ],
});
