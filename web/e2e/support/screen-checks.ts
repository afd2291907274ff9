import type { Page } from '@playwright/test';
import { axeViolations, settled } from './axe';

// The scenarios tagged @sizes run on each of the three screens (a 10-inch tablet in landscape and in
// portrait, a phone): the projects of playwright.config.ts.
export const SIZES = { tag: '@sizes' };

/** Nothing on the page reaches past the screen's right edge (no sideways scrolling). */
export const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

/** Buttons and links a finger can see but that are smaller than 44 × 44 px, by their names. */
export const tooSmallToTap = async (page: Page) => {
  await settled(page);
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('button, a[href], [role=button]')]
      .filter((el) => {
        const box = el.getBoundingClientRect();
        const style = getComputedStyle(el);
        const shown =
          box.width > 0 && box.height > 0 && style.visibility !== 'hidden' && box.bottom > 0 && box.top < innerHeight;
        // Layout size, not the painted box: a dialog still zooming in paints its buttons smaller.
        return shown && (el.offsetWidth < 44 || el.offsetHeight < 44);
      })
      .map(
        (el) =>
          `${el.getAttribute('aria-label') ?? el.textContent?.trim() ?? el.tagName} ${el.offsetWidth}×${el.offsetHeight}`,
      ),
  );
};

/**
 * Names a screen reader would read out in English: antd's icons label themselves ("plus", "home")
 * unless hidden, and that label joins the name of the button or menu item around them.
 */
export const englishNames = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('[aria-label], [role=img]')]
      .filter(
        (el) => el.closest('[aria-hidden=true]') === null && /[A-Za-z]{2,}/.test(el.getAttribute('aria-label') ?? ''),
      )
      .map((el) => el.getAttribute('aria-label')),
  );

/** axe-core, finger-sized controls and no sideways scrolling, checked wherever `check` is called. */
export function screenChecks(page: Page) {
  const problems: string[] = [];
  const check = async (where: string) => {
    problems.push(...(await axeViolations(page)).map((v) => `${where}: ${v}`));
    problems.push(...(await tooSmallToTap(page)).map((v) => `${where}: too small to tap: ${v}`));
    if (await scrollsSideways(page)) problems.push(`${where}: scrolls sideways`);
  };
  return { problems, check };
}

/** The element is wholly inside the screen's width, so it can be tapped without scrolling sideways. */
export async function withinScreen(page: Page, name: string) {
  const box = await page.getByRole('button', { name }).first().boundingBox();
  const width = page.viewportSize()!.width;
  return box !== null && box.x >= 0 && box.x + box.width <= width && box.width >= 44 && box.height >= 44;
}
