// First: the app's own stylesheets, later, win over antd's where both style one element.
import 'virtual:antd-static.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRoot } from './app/app';
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

// Only built files are precached; in development a worker would serve stale code.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  void import('virtual:pwa-register').then(({ registerSW }) => connectServiceWorker(registerSW)).catch(() => undefined);
}
