// Timings taken inside the page, so the figures are what a person sees and not the driver's round trips.
// The scripts are strings: functions compiled by tsx carry helpers the page does not have.
import type { Page } from 'playwright-core';

/**
 * Arms a watch: from the next click on the dialog's primary button until the frame in which a table
 * cell shows `name` (exactly, ignoring the 未同期 tag beside it). Resolve with `createToVisible`.
 */
export function armCreateWatch(page: Page, name: string): Promise<void> {
  return page.evaluate(`(() => {
    const name = ${JSON.stringify(name)};
    let clickedAt = 0;
    const onClick = (event) => { performance.mark('bench-click');
      if (event.target instanceof Element && event.target.closest('.ant-modal-footer .ant-btn-primary')) clickedAt = performance.now();
    };
    document.addEventListener('click', onClick, true);
    const shows = () => [...document.querySelectorAll('[role=cell] strong')].some((cell) => cell.textContent === name);
    window.__createWatch = new Promise((resolve) => {
      const deadline = performance.now() + 10000;
      const check = () => {
        if (clickedAt && shows()) {
          document.removeEventListener('click', onClick, true);
          performance.mark('bench-visible'); resolve(performance.now() - clickedAt);
        } else if (performance.now() > deadline) {
          document.removeEventListener('click', onClick, true);
          resolve(null);
        } else requestAnimationFrame(check);
      };
      requestAnimationFrame(check);
    });
  })()`);
}

/** Milliseconds from the click to the frame showing the new row, or null when it never showed. */
export function createToVisible(page: Page): Promise<number | null> {
  return page.evaluate('window.__createWatch');
}

/**
 * Types `text` one key at a time into the focused box, each key as a real input event; for each key,
 * the time from the input event to the frame in which the list has settled on that query (the list
 * region stops being aria-busy).
 */
export function typeAndTime(page: Page, text: string): Promise<number[]> {
  return page.evaluate(`(async () => {
    const box = document.activeElement;
    const region = document.querySelector('[role=table][aria-label="顧客一覧"]');
    if (!(box instanceof HTMLInputElement) || !region) throw new Error('focus the search box first');
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));
    const times = [];
    for (const char of ${JSON.stringify(text)}) {
      await frame();
      const started = performance.now();
      performance.mark('bench-input');
      setValue.call(box, box.value + char);
      box.dispatchEvent(new Event('input', { bubbles: true }));
      await frame();
      while (region.getAttribute('aria-busy') === 'true') await frame();
      times.push(performance.now() - started);
    }
    return times;
  })()`);
}
