import { sessionStore } from '../auth/session-store';
import { whenIdle } from '../components/on-demand';
import { findPage, prefixFor } from './pages';
import { screens } from './screens';

const CHART_PATH = /^\/customers\/[^/]+$/;
const ignore = () => undefined;

/**
 * Starts loading what the page at `pathname` needs as the app starts (main.tsx), for a logged-in
 * person: the shell's and the screen's code, the device's database, and for the customer list its first
 * rows. On a reload these then load side by side with the app's own start instead of one after another
 * (entry, then shell, then screen, then data), which on a tablet is most of the wait. The login page loads
 * none of it. Settles (never fails) once the code is there or could not be loaded: the app waits for it
 * before its first render, so the screen renders at once (lazy-screen.tsx). A failed load here changes
 * nothing: rendering loads it again.
 */
export function warmRoute(pathname: string): Promise<void> {
  if (!sessionStore.get()) return Promise.resolve();
  const page = findPage(pathname);
  if (!page) return Promise.resolve();
  // Opened now rather than by the screen's first query, after its first render.
  void import('../data/local-db').then(({ localDb }) => localDb.open(), ignore).catch(ignore);
  // In any case, as the router matches it.
  const path = pathname.slice(prefixFor(pathname).length).replace(/\/+$/, '').toLowerCase();
  const screen = CHART_PATH.test(path) ? screens.customerChart : screens[page.key];
  const code = Promise.allSettled([screens.layout(), screens.frame(), screen()]);
  if (path === '/customers') {
    void import('../data/live/customers').then(({ customerCache }) => customerCache.warm(), ignore);
  }
  return code.then(ignore);
}

/** The screens a clinic's day moves between (the menu's working screens and a patient's chart). */
const WORKING_SCREENS = ['customers', 'customerChart', 'visits', 'surveys', 'diagnosis', 'dashboard'] as const;

/**
 * Loads the working screens' code one by one while the browser is idle after the first screen, so the
 * first visit to each (a menu switch, an opened chart) renders at once instead of waiting for its code
 * to load and run: on a tablet that first visit took 0.6–0.9 s, later ones 0.2–0.4 s. One at a time,
 * each in its own idle moment, so a tap in between is not kept waiting by a long task.
 */
export function warmWorkingScreens(): void {
  if (!sessionStore.get()) {
    // On the login page: nothing yet (it stays small); the warming starts once someone has logged in.
    const stop = sessionStore.subscribe(() => {
      if (!sessionStore.get()) return;
      stop();
      warmWorkingScreens();
    });
    return;
  }
  const warm = (index: number) => {
    const key = WORKING_SCREENS[index];
    if (!key) return;
    whenIdle(() => {
      void screens[key]()
        .catch(ignore)
        .finally(() => warm(index + 1));
    });
  };
  warm(0);
}
