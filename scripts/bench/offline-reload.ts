// Offline reloads of the working screens on a tablet-speed CPU: when each shows its first rows, and the
// JavaScript the logged-in app loads for it (the guide's 1 s and 260 KB gzip budgets).
import { gzipSync } from 'node:zlib';
import type { BrowserContext, Page } from 'playwright-core';

const RUNS = 3;
const TABLET_SLOWDOWN = 4;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** A screen to reload: its path and a page-side expression that is true once its first rows show. */
export type ReloadTarget = { name: string; path: string; shown: string };

export const CUSTOMER_LIST: ReloadTarget = {
  name: '顧客管理 /customers (first row)',
  path: '/pwa/customers',
  shown: `document.querySelector('[aria-label="顧客一覧"] [aria-rowindex="2"]')`,
};

/** The working screens of a clinic's day, each with what counts as "shown". */
export const WORKING_SCREENS: ReloadTarget[] = [
  {
    name: 'ダッシュボード /dashboard (the counts)',
    path: '/pwa/dashboard',
    // The customer count is on screen once the device has answered (a skeleton until then).
    shown: `(() => { const list = document.querySelector('[aria-label="件数"]'); return list && /\\d,\\d{3}/.test(list.textContent || ''); })()`,
  },
  CUSTOMER_LIST,
  {
    name: '来院履歴 /visits (first row)',
    path: '/pwa/visits',
    shown: `document.querySelector('[aria-label="来院記録一覧"] [aria-rowindex="2"]')`,
  },
  {
    name: '診断記録 /diagnosis (first record)',
    path: '/pwa/diagnosis',
    shown: `document.querySelector('.diagnosis-items li')`,
  },
];

const POLL_MS = 5;

/**
 * Asks the page every few ms whether `target` shows, and when it does, its clock. Asked from outside:
 * the app's content security policy forbids compiling a string into a function in the page (what
 * waitForFunction does), and a reload starts a new page each time. The figure is late by at most a poll.
 */
async function whenShown(page: Page, target: ReloadTarget): Promise<number> {
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    const at = await page.evaluate(`(${target.shown}) ? performance.now() : 0`).catch(() => 0);
    if (Number(at) > 0) return Number(at);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  throw new Error(`${target.name} did not show within 60 s`);
}

type Cdp = Awaited<ReturnType<BrowserContext['newCDPSession']>>;
type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
};

/**
 * BENCH_PROFILE=1: the page's main thread is profiled through the last reload of each screen, and the
 * functions that took the most time of their own are printed (where a slow reload spends it).
 */
async function printProfile(cdp: Cdp): Promise<void> {
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as {
    profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
  };
  const self = new Map<string, number>();
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  profile.samples.forEach((id, index) => {
    const frame = byId.get(id)?.callFrame;
    if (!frame) return;
    const file = frame.url.split('/').pop() ?? '';
    const name = `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber}`;
    self.set(name, (self.get(name) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000);
  });
  for (const [name, spent] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25))
    console.log(`      ${spent.toFixed(0).padStart(6)} ms  ${name}`);
}

/** Reloads `target` RUNS times with the network off and the CPU slowed; prints first-rows times and JS. */
async function reloadOffline(page: Page, target: ReloadTarget, cdp?: Cdp) {
  await page.goto(target.path, { waitUntil: 'load' });
  const times: number[] = [];
  let scripts = new Map<string, number>();
  let untilLoad = new Map<string, number>();
  for (let run = 0; run < RUNS; run++) {
    scripts = new Map();
    untilLoad = new Map();
    // What loads before the screen shows is "loaded first"; what follows until the load event is shown apart.
    let counting = true;
    const onResponse = async (response: Awaited<ReturnType<Page['waitForResponse']>>) => {
      if (response.request().resourceType() !== 'script') return;
      const first = counting;
      const body = await response.body().catch(() => null);
      if (!body) return;
      const path = new URL(response.url()).pathname;
      untilLoad.set(path, gzipSync(body).length);
      if (first) scripts.set(path, gzipSync(body).length);
    };
    page.on('response', onResponse);
    const profiling = cdp && run === RUNS - 1;
    if (profiling) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.start');
    }
    await page.reload({ waitUntil: 'commit' });
    // Milliseconds since the reload's navigation began, read in the page when the rows are there.
    times.push(await whenShown(page, target));
    if (profiling) await printProfile(cdp);
    counting = false;
    await page.waitForLoadState('load');
    page.off('response', onResponse);
  }
  return { times, scripts, untilLoad };
}

export async function benchOfflineReload(
  context: BrowserContext,
  page: Page,
  targets: ReloadTarget[] = [CUSTOMER_LIST],
  data = '10,000 customers',
): Promise<void> {
  const cdp = await context.newCDPSession(page);
  console.log(`\n== Offline reloads, CPU ${TABLET_SLOWDOWN}× slower (a tablet), ${data} on the device ==`);
  for (const target of targets) {
    await context.setOffline(true);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: TABLET_SLOWDOWN });
    try {
      const { times, scripts, untilLoad } = await reloadOffline(
        page,
        target,
        process.env.BENCH_PROFILE ? cdp : undefined,
      );
      const sum = (sizes: Map<string, number>) => [...sizes.values()].reduce((all, n) => all + n, 0);
      const total = sum(scripts);
      console.log(`  ${target.name}: ${times.map((ms) => `${ms.toFixed(0)} ms`).join(', ')} (target ≤ 1,000 ms)`);
      console.log(
        `    JavaScript loaded before it showed: ${kb(total)} gzip in ${scripts.size} files (target ≤ 260 KB with the router); by the load event ${kb(sum(untilLoad))}`,
      );
      for (const [path, size] of [...scripts]
        .sort((a, b) => b[1] - a[1])
        .slice(0, process.env.BENCH_ALL_FILES ? undefined : 4))
        console.log(`      ${path.padEnd(44)} ${kb(size).padStart(9)}`);
    } catch (error) {
      console.log(
        `  ${target.name}: failed (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`,
      );
    } finally {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      await context.setOffline(false);
    }
  }
}
