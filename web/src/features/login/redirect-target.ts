import { safeRedirect } from './safe-redirect';

/** Where to go after login: the page the guard remembered in `?redirect=`, else the dashboard (spec 2). */
export function redirectTarget(pathname: string, search: string, origin: string): string {
  const remembered = safeRedirect(new URLSearchParams(search).get('redirect'), origin);
  if (remembered && !isLoginPage(remembered)) return remembered;
  return pathname.startsWith('/pwa') ? '/pwa/dashboard' : '/dashboard';
}

/** Never back to a login page: that would loop. */
function isLoginPage(path: string): boolean {
  const pathOnly = path.split(/[?#]/)[0] ?? '';
  return pathOnly === '/login' || pathOnly === '/pwa/login';
}
