import type { Role } from '@clinic/sync-protocol';
import type { PageKey } from '../i18n/ja';

/**
 * A logged-in page of spec 2; each exists at `path` and at `/pwa` + `path`. `role` is the role its guard
 * requires (spec 6: admin or staff, admins pass a staff guard); null means any logged-in user.
 */
export type PageDef = { key: PageKey; path: string; role: Role | null };

/**
 * Every page, in menu order. Shared (not the shell's own) because the dashboard's business menu links
 * to the same pages as the side menu, with the same admin-only rule.
 */
export const PAGES: readonly PageDef[] = [
  { key: 'dashboard', path: '/dashboard', role: null },
  { key: 'customers', path: '/customers', role: null },
  { key: 'visits', path: '/visits', role: null },
  { key: 'diagnosis', path: '/diagnosis', role: 'staff' },
  { key: 'diagnosisV2', path: '/diagnosis-v2', role: 'staff' },
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

/** Whether the menu shows a page to this user: admin pages only to admins. */
export const shownInMenu = (page: PageDef, isAdmin: boolean) => page.role !== 'admin' || isAdmin;
