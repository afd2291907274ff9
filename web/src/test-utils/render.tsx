import { act, cleanup, render } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { type ReactNode, useLayoutEffect } from 'react';
import { afterEach } from 'vitest';
import {
  type Location,
  MemoryRouter,
  type NavigateFunction,
  type RouteObject,
  useLocation,
  useNavigate,
  useRoutes,
} from 'react-router-dom';
import { LightApp } from '../components/app-feedback';
import { ToastProvider } from '../components/toast';

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(cleanup);

/** What a test reads of the router and how it moves it, like a data router's `state` and `navigate`. */
export type TestRouter = {
  readonly state: { location: Location };
  navigate(to: string): Promise<void>;
};

type Probe = { location: Location | null; navigate: NavigateFunction | null };

type Shown = (location: Location, navigate: NavigateFunction) => void;

function Routes({ routes, onShow }: { routes: RouteObject[]; onShow: Shown }) {
  const location = useLocation();
  const navigate = useNavigate();
  // At each commit, so a test sees the location React last showed.
  useLayoutEffect(() => onShow(location, navigate));
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
      <LightApp>
        <ToastProvider>
          <MemoryRouter initialEntries={[initialEntry]}>
            <Routes
              routes={routes}
              onShow={(location, navigate) => {
                probe.location = location;
                probe.navigate = navigate;
              }}
            />
          </MemoryRouter>
        </ToastProvider>
      </LightApp>
    </ConfigProvider>,
  );
  return { router, ...view };
}

export function withAntd(children: ReactNode) {
  return (
    <ConfigProvider button={{ autoInsertSpace: false }}>
      <LightApp>
        <ToastProvider>{children}</ToastProvider>
      </LightApp>
    </ConfigProvider>
  );
}
