import type { KeyboardEvent, MouseEvent } from 'react';

/** The attribute that carries a rendered row's index into the rows. */
export const ROW_INDEX_ATTR = 'data-vt-index';

// A tap on one of these inside a row is that control's, not the row's.
const CONTROL_OR_ROW = `a[href], button, input, select, textarea, label, summary, [role="button"], [role="link"], [role="checkbox"], [role="switch"], [role="radio"], [role="menuitem"], [role="option"], [${ROW_INDEX_ATTR}]`;

const indexOf = (element: Element) => Number(element.getAttribute(ROW_INDEX_ATTR));

/**
 * The row a click opens, or null when it landed on a control inside the row (編集, 削除, …) or came
 * through a portal (a dialog opened from the row is a React child but not inside the list).
 */
export function clickedRow(event: MouseEvent<HTMLElement>): number | null {
  const target = event.target;
  if (!(target instanceof Element) || !event.currentTarget.contains(target)) return null;
  const hit = target.closest(CONTROL_OR_ROW);
  return hit && hit.hasAttribute(ROW_INDEX_ATTR) ? indexOf(hit) : null;
}

/** The row Enter was pressed on (the row itself focused, not a button inside it). */
export function enteredRow(event: KeyboardEvent<HTMLElement>): number | null {
  const target = event.target;
  if (event.key !== 'Enter' || !(target instanceof Element) || !target.hasAttribute(ROW_INDEX_ATTR)) return null;
  return indexOf(target);
}
