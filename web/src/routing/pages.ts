import type { Role } from '@clinic/sync-protocol';
import type { PageKey } from '../i18n/ja';

/**
 * A logged-in page of spec 2; each exists at `path` and at `/pwa` + `path`. `role` is the role its guard
 * requires (spec 6: admin or staff, admins pass a staff guard); null means any logged-in user.
 */
export type PageDef = {
  key: PageKey;
  path: string;
  role: Role | null;
  /**
   * Another route of that page's screen (kept so bookmarks and links still work): not a menu entry of
   * its own, and the menu marks that page as the current one.
   */
  menuAs?: PageKey;
};

/**
 * Every page, in menu order. Shared (not the shell's own) because the dashboard's business menu links
 * to the same pages as the side menu, with the same admin-only rule.
 */
export const PAGES: readonly PageDef[] = [
  { key: 'dashboard', path: '/dashboard', role: null },
  { key: 'appointments', path: '/appointments', role: null },
  { key: 'customers', path: '/customers', role: null },
  { key: 'visits', path: '/visits', role: null },
  { key: 'diagnosis', path: '/diagnosis', role: 'staff' },
  // The same records as 診断記録, opening on the simple figure: one menu entry, the figure chosen inside.
  { key: 'diagnosisV2', path: '/diagnosis-v2', role: 'staff', menuAs: 'diagnosis' },
  { key: 'surveys', path: '/surveys', role: null },
  { key: 'camera', path: '/camera', role: null },
  { key: 'faceAnalysis', path: '/face-analysis', role: null },
  { key: 'settings', path: '/settings', role: null },
  { key: 'userManagement', path: '/user-management', role: 'admin' },
  { key: 'androidLogs', path: '/android-logs', role: 'admin' },
  { key: 'pwaOperationsLog', path: '/pwa-operations-log', role: 'admin' },
  { key: 'auditLog', path: '/audit-log', role: 'admin' },
];

/**
 * Links keep the variant the user is on: inside the installed PWA they stay under /pwa. Any case counts,
 * as the router matches paths without regard to case (`/PWA/Customers` is the PWA's customer screen).
 */
export function prefixFor(pathname: string): '' | '/pwa' {
  const path = pathname.toLowerCase();
  return path === '/pwa' || path.startsWith('/pwa/') ? '/pwa' : '';
}

/** Whether the menu shows a page to this user: admin pages only to admins, another route of a page never. */
export const shownInMenu = (page: PageDef, isAdmin: boolean) => !page.menuAs && (page.role !== 'admin' || isAdmin);

/** The menu entry a page is shown under (its own, or the page it is another route of). */
export const menuKeyOf = (page: PageDef | undefined): PageKey | undefined => page?.menuAs ?? page?.key;
