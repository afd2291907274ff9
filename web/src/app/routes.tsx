import { Suspense, type ComponentType, type ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { PageSpinner } from '../components/page-spinner/page-spinner';
import type { PageKey } from '../i18n/ja';
import { RequireAuth } from './guards/require-auth';
import { lazyScreen } from './lazy-screen';
import { LoginHandoff } from './login-handoff';
import { PAGES, type PageDef } from './pages';
import { screens } from './screens';

// Every screen and the logged-in shell load on demand (see screens.ts and warm-route.ts).
const CustomerChartPage = lazyScreen(screens.customerChart);
const AppLayout = lazyScreen(screens.layout);
const PageFrame = lazyScreen(screens.frame);
const PAGE_SCREENS = new Map<PageKey, ComponentType>(PAGES.map((page) => [page.key, lazyScreen(screens[page.key])]));

function screenFor(page: PageDef): ReactNode {
  const Screen = PAGE_SCREENS.get(page.key)!;
  return <Screen />;
}

const login = <LoginHandoff />;

const customersPage = PAGES.find((page) => page.key === 'customers')!;

const pageRoutes: RouteObject[] = ['', '/pwa'].flatMap((prefix) => [
  ...PAGES.map((page) => ({
    path: `${prefix}${page.path}`,
    element: <PageFrame page={page}>{screenFor(page)}</PageFrame>,
  })),
  // A customer's chart (カルテ) belongs to the customer screen: its menu entry stays selected.
  { path: `${prefix}/customers/:id`, element: <PageFrame page={customersPage}>{<CustomerChartPage />}</PageFrame> },
]);

/** Spec 2's route table. `/pwa/` matches `/pwa` (trailing slashes are ignored). */
export const appRoutes: RouteObject[] = [
  { path: '/login', element: login },
  { path: '/pwa/login', element: login },
  { path: '/', element: <Navigate to="/pwa/dashboard" replace /> },
  { path: '/pwa', element: <Navigate to="/pwa/dashboard" replace /> },
  {
    element: (
      <RequireAuth>
        <Suspense fallback={<PageSpinner fullScreen />}>
          <AppLayout />
        </Suspense>
      </RequireAuth>
    ),
    children: pageRoutes,
  },
  { path: '*', element: <Navigate to="/login" replace /> },
];
