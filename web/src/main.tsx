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

if (container) {
  try {
    startAppRuntime();
    warmRoute(location.pathname);
    warmWorkingScreens();
    createRoot(container).render(
      <StrictMode>
        <StartupBoundary>
          <AppRoot routes={appRoutes} />
        </StartupBoundary>
      </StrictMode>,
    );
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
