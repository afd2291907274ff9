// The visit list's date filter with 30,000 visits on the device: from a changed date until the list
// and its 期間合計 show the new range, timed inside the page (see in-page.ts for why).
import type { Page } from 'playwright-core';

const TABLET_SLOWDOWN = 4;
/** Months over the seeded two years: each change of 開始日 or 終了日 is one filter change. */
const MONTHS = ['2025-03', '2025-08', '2026-01', '2026-06', '2025-11', '2026-09', '2025-05', '2026-03'];

const ms = (value: number) => `${value.toFixed(1)} ms`;
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))]!;
const figures = (values: number[]) =>
  `p50 ${ms(percentile(values, 50))}, p95 ${ms(percentile(values, 95))}, max ${ms(Math.max(...values))}`;

function lastDay(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return `${month}-${String(new Date(Date.UTC(year, m, 0)).getUTCDate()).padStart(2, '0')}`;
}

/** Sets one date box as the device's picker does and times until the totals line shows the new answer. */
function changeAndTime(page: Page, label: string, value: string): Promise<number> {
  return page.evaluate(`(async () => {
    const box = document.querySelector('input[aria-label=${JSON.stringify(label)}]');
    if (!box) throw new Error('open the visit list first');
    // The line is away while a range loads.
    const totals = () => document.querySelector('.visit-totals')?.textContent ?? null;
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));
    while (totals() === null) await frame();
    const before = totals();
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
    const started = performance.now();
    setValue.call(box, ${JSON.stringify(value)});
    box.dispatchEvent(new Event('input', { bubbles: true }));
    box.dispatchEvent(new Event('change', { bubbles: true }));
    while (totals() === null || totals() === before) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (performance.now() - started > 10000) throw new Error('the list did not change');
    }
    document.body.getBoundingClientRect();
    return performance.now() - started;
  })()`);
}

/**
 * Moves the range month by month as a person does with two date boxes: 終了日 first (the range widens to
 * span the months between, up to ~11 of them), then 開始日 (it narrows to the one month).
 */
async function timeMonths(page: Page): Promise<{ all: number[]; month: number[] }> {
  const all: number[] = [];
  const month: number[] = [];
  for (const m of MONTHS) {
    all.push(await changeAndTime(page, '終了日', lastDay(m)));
    const narrowed = await changeAndTime(page, '開始日', `${m}-01`);
    all.push(narrowed);
    month.push(narrowed);
  }
  return { all, month };
}

export async function timeFilterChanges(page: Page): Promise<void> {
  await page.goto('/visits');
  await page.locator('.visit-totals').waitFor();
  await page.getByLabel('開始日').fill('2025-01-01');
  await page.locator('.visit-totals').waitFor();
  await timeMonths(page); // warms the page's code and the database's caches; not counted
  const plain = await timeMonths(page);
  console.log(
    `  visit list with 30,000 visits, one change of 開始日 or 終了日 until list and totals show it: ${figures(plain.all)} (target ≤ 50 ms)`,
  );
  console.log(`    … the changes that end on one month (about 1,300 visits): ${figures(plain.month)}`);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: TABLET_SLOWDOWN });
  try {
    const slow = await timeMonths(page);
    console.log(
      `    … with the CPU ${TABLET_SLOWDOWN}× slower (a tablet): ${figures(slow.all)}; ending on one month ${figures(slow.month)}`,
    );
  } finally {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  }
}
