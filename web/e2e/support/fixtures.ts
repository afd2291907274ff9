import { type BrowserContext, type BrowserContextOptions, type Page, test as base } from '@playwright/test';
import { ADMIN, BASE_URL_ENV } from './server';
import { loginViaUi } from './ui';

export { expect } from '@playwright/test';

type Fixtures = {
  /**
   * Another device beside `page` (a second tablet, a colleague's phone): a browser profile of its own with
   * the project's screen, language and server, closed after the test.
   */
  newDevice: (options?: BrowserContextOptions) => Promise<Page>;
  /** `page`, logged in as the administrator through the login screen, on the dashboard. */
  adminPage: Page;
};

type WorkerFixtures = {
  /** The server the pages talk to: the run's own (global-setup.ts), unless a file brings one. */
  serverURL: string;
};

/** `test` with the app's fixtures: every end-to-end file uses this one. */
export const test = base.extend<Fixtures, WorkerFixtures>({
  serverURL: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's needs from this pattern; it has none
    async ({}, use) => {
      const url = process.env[BASE_URL_ENV];
      if (!url)
        throw new Error(
          `${BASE_URL_ENV} is not set: run these tests with \`npx playwright test\`, whose global setup starts the server`,
        );
      await use(url);
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ serverURL }, use) => {
    await use(serverURL);
  },
  newDevice: async ({ browser }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (options = {}) => {
      // The runner gives a context made here the project's options (screen, locale, baseURL) and traces it.
      const context = await browser.newContext(options);
      contexts.push(context);
      return context.newPage();
    });
    for (const context of contexts) await context.close();
  },
  adminPage: async ({ page }, use) => {
    await loginViaUi(page, ADMIN.username, ADMIN.password);
    await use(page);
  },
});
