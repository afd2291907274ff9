/** Where to go after login: the page the guard remembered, else the dashboard (spec 2). */
export function redirectTarget(pathname: string, search: string, state: unknown): string {
  const fromState =
    typeof state === 'object' && state !== null && 'from' in state && typeof state.from === 'string' ? state.from : null;
  const fromQuery = new URLSearchParams(search).get('redirect');
  const candidate = fromState ?? fromQuery;
  if (candidate && isSafeInAppPath(candidate)) return candidate;
  return pathname.startsWith('/pwa') ? '/pwa/dashboard' : '/dashboard';
}

/** Only a path of this app: no other origin ("//x", "https:"), and never back to a login page. */
function isSafeInAppPath(path: string): boolean {
  if (!path.startsWith('/') || path.startsWith('//') || path.includes('\\')) return false;
  const pathOnly = path.split(/[?#]/)[0] ?? '';
  return pathOnly !== '/login' && pathOnly !== '/pwa/login';
}
