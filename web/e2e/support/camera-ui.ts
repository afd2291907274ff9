import { expect, type Page } from '@playwright/test';

/** The capture history's entries: one per photo or video taken on this device. */
export function history(page: Page) {
  return page.getByRole('list', { name: '撮影履歴' }).getByRole('listitem');
}

/**
 * Records a clip of about `seconds` on the camera screen, timed inside the page from the moment its recording
 * clock appears: a click sent from the test process lands a few hundred milliseconds late on a busy machine,
 * and the clip's length is what the scenarios check. Measured here: the app's clock (which the history shows,
 * rounded) runs 0.1–0.3 s ahead of that moment, and the recorded file is 0.3–0.8 s shorter than the clock says.
 */
export async function recordClip(page: Page, seconds: number) {
  const start = page.getByRole('button', { name: '録画開始' });
  await expect(start).toBeEnabled();
  await start.evaluate(async (button, length) => {
    const clock = () => document.querySelector('[aria-label="経過時間"]');
    const recording = new Promise<number>((resolve) => {
      const observer = new MutationObserver(() => {
        if (!clock()) return;
        observer.disconnect();
        resolve(performance.now());
      });
      observer.observe(document.body, { childList: true, subtree: true });
    });
    (button as HTMLElement).click();
    const startedAt = await recording;
    await new Promise((resolve) => setTimeout(resolve, startedAt + length - performance.now()));
    const stop = [...document.querySelectorAll('button')].find((b) => b.textContent?.includes('録画停止'));
    if (!stop) throw new Error('no 録画停止 button while recording');
    stop.click();
  }, seconds * 1000);
  await expect(start).toBeVisible();
}
