// Timings taken inside the page, so the figures are what a person sees and not the driver's round trips.
// The scripts are strings: functions compiled by tsx carry helpers the page does not have.
import type { Page } from 'playwright-core';

export type CreateTimes = { updated: number; painted: number } | null;

/**
 * Arms a watch from the next click on the dialog's primary button until a table cell shows `name`
 * (exactly, ignoring the 未同期 tag beside it): `updated` when the row enters the page (seen by a
 * MutationObserver), `painted` at the next frame, the one that paints it. Collect with createToVisible.
 */
export function armCreateWatch(page: Page, name: string): Promise<void> {
  return page.evaluate(`(() => {
    const name = ${JSON.stringify(name)};
    const list = document.querySelector('[role=table][aria-label="顧客一覧"]');
    if (!list) throw new Error('open the customer list first');
    let clickedAt = 0;
    const onClick = (event) => {
      if (event.target instanceof Element && event.target.closest('.ant-modal-footer .ant-btn-primary')) {
        clickedAt = performance.now();
        performance.mark('bench-click');
      }
    };
    document.addEventListener('click', onClick, true);
    const shows = () => [...list.querySelectorAll('[role=cell] strong')].some((cell) => cell.textContent === name);
    window.__createWatch = new Promise((resolve) => {
      const done = (result) => {
        observer.disconnect();
        clearTimeout(timeout);
        document.removeEventListener('click', onClick, true);
        resolve(result);
      };
      const observer = new MutationObserver(() => {
        if (!clickedAt || !shows()) return;
        const updated = performance.now() - clickedAt;
        observer.disconnect();
        requestAnimationFrame(() => done({ updated, painted: performance.now() - clickedAt }));
      });
      observer.observe(list, { childList: true, subtree: true, characterData: true });
      const timeout = setTimeout(() => done(null), 10000);
    });
  })()`);
}

/** The times of the create armed by armCreateWatch, or null when the row never showed. */
export function createToVisible(page: Page): Promise<CreateTimes> {
  return page.evaluate('window.__createWatch');
}

export type KeystrokeTimes = { updated: number[]; painted: number[] };

/**
 * Types `text` one key at a time into the focused box, each key as a real input event. For each key:
 * `updated`, from the input event until the list shows the new rows, styled and laid out (forced
 * here, so the browser's own rendering work is counted); `painted`, until the next frame (the one
 * that paints them), which also counts waiting for the display's next refresh (up to 16.7 ms).
 */
export function typeAndTime(page: Page, text: string): Promise<KeystrokeTimes> {
  return page.evaluate(`(async () => {
    const box = document.activeElement;
    const list = document.querySelector('[role=table][aria-label="顧客一覧"]');
    if (!(box instanceof HTMLInputElement) || !list) throw new Error('focus the search box first');
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));
    const times = { updated: [], painted: [] };
    for (const char of ${JSON.stringify(text)}) {
      await frame();
      const started = performance.now();
      performance.mark('bench-input');
      setValue.call(box, box.value + char);
      box.dispatchEvent(new Event('input', { bubbles: true }));
      while (list.getAttribute('aria-busy') === 'true') await frame();
      list.getBoundingClientRect();
      times.updated.push(performance.now() - started);
      await frame();
      times.painted.push(performance.now() - started);
    }
    return times;
  })()`);
}
