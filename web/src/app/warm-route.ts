import { sessionStore } from '../auth/session-store';
import { findPage, prefixFor } from './pages';
import { screens } from './screens';

const CHART_PATH = /^\/customers\/[^/]+$/;
const ignore = () => undefined;

/**
 * Starts loading what the page at `pathname` needs as the app starts (main.tsx), for a logged-in
 * person: the shell's and the screen's code, and for the customer list its first rows from the
 * device. On a reload these then load side by side with the app's own start instead of one after
 * another (entry, then shell, then screen, then data), which on a tablet is most of the wait.
 * The login page loads none of it. A failed load here changes nothing: rendering loads it again.
 */
export function warmRoute(pathname: string): void {
  if (!sessionStore.get()) return;
  const page = findPage(pathname);
  if (!page) return;
  void screens.layout().catch(ignore);
  void screens.frame().catch(ignore);
  // In any case, as the router matches it.
  const path = pathname.slice(prefixFor(pathname).length).replace(/\/+$/, '').toLowerCase();
  const screen = CHART_PATH.test(path) ? screens.customerChart : screens[page.key];
  void screen().catch(ignore);
  if (path === '/customers') {
    void import('../data/live/customers').then(({ customerCache }) => customerCache.warm(), ignore);
  }
}
