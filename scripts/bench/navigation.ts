// Issue 24 §3: moving around on a tablet with a clinic's data on it. At 4× CPU, from the finger going down
// until what the person came for is painted: a menu switch or an opened chart (goal 500 ms), a dialog or a
// tab (goal 300 ms), p95 over at least 20 runs each. Timed inside the page (see in-page.ts for why).
import type { Page } from 'playwright-core';

const TABLET_SLOWDOWN = 4;
const ROUNDS = 5;

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))]!;

/** A page-side expression that is true once the thing waited for is on screen. */
type Shown = string;

const visible = (selector: string): Shown =>
  `(() => { const el = document.querySelector(${JSON.stringify(selector)}); return !!el && el.getBoundingClientRect().height > 0; })()`;

/** Each menu entry and what counts as its content. */
const SCREENS: Array<{ menu: string; shown: Shown }> = [
  { menu: '顧客管理', shown: visible('[aria-label="顧客一覧"] [aria-rowindex="2"]') },
  { menu: '来院履歴', shown: visible('[aria-label="来院記録一覧"] [aria-rowindex="2"]') },
  { menu: 'アンケート', shown: visible('.survey-questions .survey-question') },
  { menu: '診断記録', shown: visible('.diagnosis-items li') },
  {
    menu: 'ダッシュボード',
    shown: `(() => { const list = document.querySelector('[aria-label="件数"]'); return !!list && /\\d,\\d{3}/.test(list.textContent || ''); })()`,
  },
];

const CHART_SHOWN: Shown = visible('.chart .chart-item');

const dialogShown = (title: string): Shown =>
  `[...document.querySelectorAll('[role=dialog]')].some((d) => (d.textContent || '').includes(${JSON.stringify(title)}) && !!d.querySelector('input, textarea') && d.getBoundingClientRect().height > 0)`;

/** The selected tab is `name` and its panel is painted (with the figure for 人体図). */
const tabShown = (name: string, needs = ''): Shown => `(() => {
  const tab = [...document.querySelectorAll('[role=tab]')].find((t) => t.textContent === ${JSON.stringify(name)});
  if (!tab || tab.getAttribute('aria-selected') !== 'true') return false;
  const panel = document.getElementById(tab.getAttribute('aria-controls') || '');
  return !!panel && panel.getBoundingClientRect().height > 0 && (panel.textContent || '').length > 0${needs ? ` && !!panel.querySelector(${JSON.stringify(needs)})` : ''};
})()`;

const TABS: Array<{ name: string; shown: Shown }> = [
  { name: '人体図', shown: tabShown('人体図', 'svg') },
  { name: '痛みの一覧', shown: tabShown('痛みの一覧') },
  { name: 'まとめ', shown: tabShown('まとめ') },
  { name: '基本情報', shown: tabShown('基本情報', 'input') },
];

/**
 * Arms a watch: the next pointerdown starts the clock; the first change after it that makes `shown` true,
 * then the next frame, stops it. Refuses to arm when `shown` is already true (it would time nothing).
 */
async function armWatch(page: Page, shown: Shown): Promise<void> {
  if (await page.evaluate(shown)) throw new Error(`already shown before the tap: ${shown.slice(0, 80)}`);
  await page.evaluate(`(() => {
    let downAt = 0;
    document.addEventListener('pointerdown', () => { downAt = performance.now(); }, { capture: true, once: true });
    window.__navWatch = new Promise((resolve) => {
      const check = () => {
        if (!downAt || !(${shown})) return;
        observer.disconnect();
        requestAnimationFrame(() => resolve(performance.now() - downAt));
      };
      const observer = new MutationObserver(check);
      observer.observe(document.documentElement, { subtree: true, childList: true, attributes: true, characterData: true });
      setTimeout(() => { observer.disconnect(); resolve(-1); }, 20000);
    });
  })()`);
}

async function timed(page: Page, what: string, shown: Shown, tap: () => Promise<void>): Promise<number> {
  await armWatch(page, shown);
  await tap();
  const took = Number(await page.evaluate('window.__navWatch'));
  if (took < 0) throw new Error(`${what}: not shown within 20 s`);
  return took;
}

const menu = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'メインメニュー' }).getByText(name, { exact: true }).click();

function report(name: string, times: number[], goal: number) {
  const p95 = percentile(times, 95);
  console.log(
    `  ${name}, ${times.length} runs: p50 ${percentile(times, 50).toFixed(0)} ms, p95 ${p95.toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms (target p95 ≤ ${goal} ms)${p95 > goal ? '  ← over' : ''}`,
  );
}

async function menuSwitches(page: Page): Promise<number[]> {
  const all: number[] = [];
  const each = new Map<string, number[]>();
  // Start from a screen that is not the first one switched to.
  await menu(page, SCREENS.at(-1)!.menu);
  await page.waitForFunction(SCREENS.at(-1)!.shown).catch(() => undefined);
  for (let round = 0; round < ROUNDS; round++) {
    for (const screen of SCREENS) {
      const took = await timed(page, screen.menu, screen.shown, () => menu(page, screen.menu));
      all.push(took);
      each.set(screen.menu, [...(each.get(screen.menu) ?? []), took]);
    }
  }
  for (const [name, times] of each) console.log(`    ${name}: ${times.map((t) => t.toFixed(0)).join(', ')} ms`);
  return all;
}

/** Taps rows of the customer list one after another, each opening a chart, then back to the list. */
async function chartOpens(page: Page): Promise<number[]> {
  const times: number[] = [];
  await menu(page, '顧客管理');
  for (let run = 0; run < ROUNDS * 4; run++) {
    const row = page.locator(`[aria-label="顧客一覧"] [aria-rowindex="${2 + (run % 8)}"]`).first();
    await row.waitFor();
    times.push(await timed(page, 'chart', CHART_SHOWN, () => row.click({ position: { x: 40, y: 12 } })));
    await page.goBack();
    await row.waitFor();
  }
  return times;
}

async function dialogOpens(page: Page): Promise<number[]> {
  const times: number[] = [];
  const open = async (button: string, title: string) => {
    const trigger = page.getByRole('button', { name: button }).first();
    times.push(await timed(page, title, dialogShown(title), () => trigger.click()));
    const dialog = page.getByRole('dialog', { name: title });
    await dialog
      .getByRole('button', { name: /^(キャンセル|閉じる)$/ })
      .first()
      .click();
    await dialog.waitFor({ state: 'hidden' });
  };
  await menu(page, '顧客管理');
  for (let run = 0; run < ROUNDS * 2; run++) await open('新規顧客', '新規顧客登録');
  await menu(page, '診断記録');
  for (let run = 0; run < ROUNDS * 2; run++) await open('新規診断記録', '新規診断記録');
  return times;
}

async function tabSwitches(page: Page): Promise<number[]> {
  const times: number[] = [];
  await menu(page, '診断記録');
  await page.getByRole('button', { name: '新規診断記録' }).first().click();
  const dialog = page.getByRole('dialog', { name: '新規診断記録' });
  for (let round = 0; round < ROUNDS; round++) {
    for (const tab of TABS) {
      const target = dialog.getByRole('tab', { name: tab.name });
      times.push(await timed(page, tab.name, tab.shown, () => target.click()));
    }
  }
  await dialog
    .getByRole('button', { name: /^(キャンセル|閉じる)$/ })
    .first()
    .click();
  return times;
}

export async function benchNavigation(page: Page): Promise<void> {
  console.log(`\n== Moving around, CPU ${TABLET_SLOWDOWN}× slower, from the tap until the content is painted ==`);
  const cdp = await page.context().newCDPSession(page);
  await page.goto('/pwa/dashboard', { waitUntil: 'load' });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: TABLET_SLOWDOWN });
  try {
    report('menu switch', await menuSwitches(page), 500);
    report('opening a chart from the customer list', await chartOpens(page), 500);
    report('opening a dialog (新規顧客, 新規診断記録)', await dialogOpens(page), 300);
    report('a tab of the diagnosis dialog', await tabSwitches(page), 300);
  } catch (error) {
    console.log(`  failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
  } finally {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  }
}
