// First: the app's own stylesheets, later, win over antd's where both style one element.
import 'virtual:antd-static.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRoot } from './app/app';
import { whenIdle } from './components/on-demand';
import { connectServiceWorker } from './app/pwa/update-store';
import { appRoutes } from './app/routes';
import { renderStartFailure, StartupBoundary } from './app/start-failure';
import { startAppRuntime } from './app/start-runtime';
import { warmRoute, warmWorkingScreens } from './app/warm-route';

const container = document.getElementById('root');

/**
 * How long the first render waits for the current screen's code (warmRoute) while the page's own boot
 * spinner shows. From the device's cache it comes within a few tenths of a second; a first visit over a
 * slow network renders after this and shows the screen's spinner while its code loads.
 */
const SCREEN_CODE_WAIT_MS = 1500;

function render(root: HTMLElement) {
  try {
    createRoot(root).render(
      <StrictMode>
        <StartupBoundary>
          <AppRoot routes={appRoutes} />
        </StartupBoundary>
      </StrictMode>,
    );
  } catch {
    renderStartFailure(root);
  }
}

if (container) {
  try {
    startAppRuntime();
    const screenCode = warmRoute(location.pathname);
    warmWorkingScreens();
    const waited = new Promise((resolve) => setTimeout(resolve, SCREEN_CODE_WAIT_MS));
    void Promise.race([screenCode, waited]).then(() => render(container));
  } catch {
    renderStartFailure(container);
  }
}

// Only built files are precached; in development a worker would serve stale code. Connected once the first
// screen is shown: the login page registered the worker, which already serves this page, and the update
// check with its workbox-window (2 KB gzip) is not what the first rows wait for (pwaUpdates.check asks the
// browser for the worker until then).
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  whenIdle(() => {
    void import('virtual:pwa-register')
      .then(({ registerSW }) => connectServiceWorker(registerSW))
      .catch(() => undefined);
  });
}
