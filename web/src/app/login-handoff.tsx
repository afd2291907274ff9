import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { PageSpinner } from '../components/page-spinner/page-spinner';
import { safeRedirect } from '../features/login/safe-redirect';

/** Swappable in tests, where a real page load is not possible. */
export const pageLoader = { load: (url: string) => window.location.replace(url) };

/**
 * The login screen is a static page of its own (login.html), served for /login and /pwa/login by
 * the server and the service worker. When the app routes there (guard, logout, unknown path) it
 * hands over with a real page load, keeping `?redirect=`.
 */
export function LoginHandoff() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    // If this very document was loaded for a login URL, whatever served it (an outdated worker)
    // answers login URLs with the app: ask for the static page by its file name instead of looping.
    const loadedFrom = performance.getEntriesByType('navigation')[0]?.name;
    const servedAppForLogin = loadedFrom !== undefined && new URL(loadedFrom).pathname === pathname;
    pageLoader.load(`${servedAppForLogin ? '/login.html' : pathname}${search}`);
  }, [pathname, search]);
  return <PageSpinner fullScreen />;
}

/** The login URL that brings the person back to `from`, if `from` is a path of this app. */
export function loginPath(from: string): string {
  const back = safeRedirect(from, window.location.origin);
  return back ? `/login?redirect=${encodeURIComponent(back)}` : '/login';
}
