import { normalizeForSearch } from '@clinic/sync-protocol/rules';

/** How many menus the suggestion list shows at once; typing narrows the rest. */
export const MAX_MENU_OPTIONS = 30;

/** The menus used before that contain what is typed (kana kind, width and spaces ignored). */
export function menuSuggestions(menus: readonly string[], typed: string): string[] {
  const query = normalizeForSearch(typed);
  const out: string[] = [];
  for (const menu of menus) {
    if (out.length === MAX_MENU_OPTIONS) break;
    if (menu !== typed && normalizeForSearch(menu).includes(query)) out.push(menu);
  }
  return out;
}

/** A price the form put in from a menu's last visit (not typed by the person), and that menu. */
export type AutoPrice = { menu: string; price: string };

/**
 * 料金 after the menu became `menu`, whose last price on the device is `last` (null: none, or not a known
 * menu): the new price and what was filled, or null to leave 料金 alone. A price the person typed is
 * never replaced; an empty one or one filled for the previous menu follows the menu (and is cleared
 * when the new menu has no price to offer).
 */
export function autoFillPrice(
  current: string | undefined,
  filled: AutoPrice | null,
  menu: string,
  last: number | null,
): { price: string; filled: AutoPrice | null } | null {
  const wasFilled = filled !== null && current === filled.price;
  if (!wasFilled && (current ?? '').trim() !== '') return null;
  if (last === null) return wasFilled ? { price: '', filled: null } : null;
  const price = String(last);
  return { price, filled: { menu, price } };
}
