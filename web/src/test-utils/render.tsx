import { act, cleanup, render } from '@testing-library/react';
import { App as AntApp, ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { afterEach } from 'vitest';
import { type Location, MemoryRouter, type NavigateFunction, type RouteObject, useLocation, useNavigate, useRoutes } from 'react-router-dom';
import { ToastProvider } from '../components/toast';

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(cleanup);

/** What a test reads of the router and how it moves it, like a data router's `state` and `navigate`. */
export type TestRouter = {
  readonly state: { location: Location };
  navigate(to: string): Promise<void>;
};

type Probe = { location: Location | null; navigate: NavigateFunction | null };

function Routes({ routes, probe }: { routes: RouteObject[]; probe: Probe }) {
  // Written during render, so a test sees the location React last rendered.
  probe.location = useLocation();
  probe.navigate = useNavigate();
  return useRoutes(routes);
}

/** Renders routes the way the app does (antd App + toasts, a declarative router) at a given URL. */
export function renderRoutes(routes: RouteObject[], initialEntry: string | { pathname: string; state?: unknown }) {
  const probe: Probe = { location: null, navigate: null };
  const router: TestRouter = {
    get state() {
      if (!probe.location) throw new Error('the routes have not rendered yet');
      return { location: probe.location };
    },
    navigate: (to) =>
      act(async () => {
        await probe.navigate?.(to);
      }),
  };
  const view = render(
    <ConfigProvider button={{ autoInsertSpace: false }}>
      <AntApp>
        <ToastProvider>
          <MemoryRouter initialEntries={[initialEntry]}>
            <Routes routes={routes} probe={probe} />
          </MemoryRouter>
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
