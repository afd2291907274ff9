import type { PageKey } from '../i18n/ja';

/** A logged-in page of spec 2; each exists at `path` and at `/pwa` + `path`. */
export type PageDef = { key: PageKey; path: string; adminOnly: boolean };

/**
 * Every page, in menu order. Shared (not the shell's own) because the dashboard's business menu links
 * to the same pages as the side menu, with the same admin-only rule.
 */
export const PAGES: readonly PageDef[] = [
  { key: 'dashboard', path: '/dashboard', adminOnly: false },
  { key: 'customers', path: '/customers', adminOnly: false },
  { key: 'visits', path: '/visits', adminOnly: false },
  { key: 'diagnosis', path: '/diagnosis', adminOnly: false },
  { key: 'diagnosisV2', path: '/diagnosis-v2', adminOnly: false },
  { key: 'surveys', path: '/surveys', adminOnly: false },
  { key: 'camera', path: '/camera', adminOnly: false },
  { key: 'faceAnalysis', path: '/face-analysis', adminOnly: false },
  { key: 'settings', path: '/settings', adminOnly: false },
  { key: 'userManagement', path: '/user-management', adminOnly: true },
  { key: 'androidLogs', path: '/android-logs', adminOnly: true },
  { key: 'pwaOperationsLog', path: '/pwa-operations-log', adminOnly: true },
];

/** Links keep the variant the user is on: inside the installed PWA they stay under /pwa. */
export function prefixFor(pathname: string): '' | '/pwa' {
  return pathname === '/pwa' || pathname.startsWith('/pwa/') ? '/pwa' : '';
}
