import { ja } from '../i18n/ja';
import { PAGES, prefixFor, type PageDef } from '../routing/pages';

// The page list is shared with the dashboard's business menu (routing/); the shell's own helpers stay here.
export { PAGES, menuKeyOf, prefixFor, shownInMenu, type PageDef } from '../routing/pages';

/**
 * The page a path shows, or holds a record of (`/customers/{id}` is the customer screen's), in any case,
 * as the router matches it.
 */
export function findPage(pathname: string): PageDef | undefined {
  const path = pathname.slice(prefixFor(pathname).length).replace(/\/+$/, '').toLowerCase();
  return PAGES.find((p) => p.path === path) ?? PAGES.find((p) => path.startsWith(`${p.path}/`));
}

export function documentTitle(title: string): string {
  return `${title} | ${ja.app.name}`;
}
