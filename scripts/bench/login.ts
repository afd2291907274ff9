// Issue 2: gzip JavaScript loaded by a first visit to /login, and Lighthouse's mobile scores for /login.
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH, launchBrowser } from '../../web/e2e/support/browser';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function loginJavaScript(baseURL: string) {
  const browser = await launchBrowser();
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const scripts: Array<{ url: string; raw: number; gzip: number }> = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = await response.body();
    scripts.push({ url: new URL(response.url()).pathname, raw: body.length, gzip: gzipSync(body).length });
  });
  await page.goto('/login', { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'ログイン', exact: true }).waitFor();
  await browser.close();
  return scripts;
}

async function lighthouseScores(url: string) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROMIUM_ARGS.map((f) => (f === '--headless' ? '--headless=new' : f)),
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
    });
    if (!result) throw new Error('lighthouse returned no result');
    const { categories, audits } = result.lhr;
    return {
      performance: categories.performance?.score,
      accessibility: categories.accessibility?.score,
      bestPractices: categories['best-practices']?.score,
      metrics: ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift']
        .map((id) => `${audits[id]?.title ?? id} ${audits[id]?.displayValue ?? '?'}`)
        .join(' · '),
    };
  } finally {
    chrome.kill();
  }
}

export async function benchLogin(baseURL: string): Promise<void> {
  const scripts = await loginJavaScript(baseURL);
  console.log('\n== First visit to /login: JavaScript ==');
  for (const s of scripts)
    console.log(`  ${s.url.padEnd(44)} raw ${kb(s.raw).padStart(9)}  gzip ${kb(s.gzip).padStart(8)}`);
  console.log(
    `  total: ${kb(scripts.reduce((sum, s) => sum + s.gzip, 0))} gzip in ${scripts.length} files (target ≤ 300 KB)`,
  );

  const scores = await lighthouseScores(`${baseURL}/login`);
  console.log('\n== Lighthouse, mobile, /login ==');
  console.log(
    `  performance ${scores.performance} (target ≥ 0.90) · accessibility ${scores.accessibility} (≥ 0.95) · best practices ${scores.bestPractices} (≥ 0.95)`,
  );
  console.log(`  ${scores.metrics}`);
}
