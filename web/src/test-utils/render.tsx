import { cleanup, render } from '@testing-library/react';
import { App as AntApp, ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { afterEach } from 'vitest';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { ToastProvider } from '../components/toast';

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(cleanup);

/** Renders routes the way the app does (antd App + toasts) at a given URL. */
export function renderRoutes(routes: RouteObject[], initialEntry: string | { pathname: string; state?: unknown }) {
  const router = createMemoryRouter(routes, { initialEntries: [initialEntry] });
  const view = render(
    <ConfigProvider button={{ autoInsertSpace: false }}>
      <AntApp>
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </AntApp>
    </ConfigProvider>,
  );
  return { router, ...view };
}

export function withAntd(children: ReactNode) {
  return (
    <ConfigProvider button={{ autoInsertSpace: false }}>
      <AntApp>
        <ToastProvider>{children}</ToastProvider>
      </AntApp>
    </ConfigProvider>
  );
}
