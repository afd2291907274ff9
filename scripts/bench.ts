// `npm run bench`: figures to reach, printed, never asserted (these machines are shared and noisy).
// Issue 2: gzip JavaScript loaded by a first visit to /login, and Lighthouse's mobile scores for /login.
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH, launchBrowser } from '../web/e2e/support/browser';
import { startServer } from '../web/e2e/support/server';
import { ensureBrowserDeps } from './browser-deps.mjs';
import { ensureWebBuild } from './web-build.mjs';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function loginJavaScript(baseURL: string) {
  const browser = await launchBrowser();
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const scripts: Array<{ url: string; raw: number; gzip: number; sent: number }> = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = await response.body();
    const sizes = await response.request().sizes();
    scripts.push({ url: new URL(response.url()).pathname, raw: body.length, gzip: gzipSync(body).length, sent: sizes.responseBodySize });
  });
  await page.goto('/login', { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'ログイン', exact: true }).waitFor();
  await browser.close();
  return scripts;
}

async function lighthouseScores(url: string) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_ARGS.map((f) => (f === '--headless' ? '--headless=new' : f)) });
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
      fcp: audits['first-contentful-paint']?.displayValue,
      lcp: audits['largest-contentful-paint']?.displayValue,
      tbt: audits['total-blocking-time']?.displayValue,
      cls: audits['cumulative-layout-shift']?.displayValue,
      failing: Object.values(result.lhr.audits)
        .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode === 'binary')
        .map((a) => a.id),
    };
  } finally {
    chrome.kill();
  }
}

ensureBrowserDeps();
ensureWebBuild();
const server = await startServer();
try {
  const scripts = await loginJavaScript(server.baseURL);
  console.log('\n== First visit to /login: JavaScript ==');
  for (const s of scripts) console.log(`  ${s.url.padEnd(48)} raw ${kb(s.raw).padStart(10)}  gzip ${kb(s.gzip).padStart(9)}  sent ${kb(s.sent).padStart(9)}`);
  const total = scripts.reduce((sum, s) => sum + s.gzip, 0);
  console.log(`  total gzip JS: ${kb(total)} in ${scripts.length} files (target ≤ 300 KB)`);

  const scores = await lighthouseScores(`${server.baseURL}/login`);
  console.log('\n== Lighthouse (mobile) /login ==');
  console.log(`  performance ${scores.performance} (target ≥ 0.90)   accessibility ${scores.accessibility} (≥ 0.95)   best practices ${scores.bestPractices} (≥ 0.95)`);
  console.log(`  FCP ${scores.fcp}  LCP ${scores.lcp}  TBT ${scores.tbt}  CLS ${scores.cls}`);
  if (scores.failing.length) console.log(`  failing audits: ${scores.failing.join(', ')}`);
} finally {
  await server.stop();
}
