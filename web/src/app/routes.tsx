import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { PageSpinner } from '../components/page-spinner/page-spinner';
import { ja } from '../i18n/ja';
import { RequireAuth } from './guards/require-auth';
import { LoginHandoff } from './login-handoff';
import { PAGES, type PageDef } from './pages';

// Every screen and the logged-in shell load on demand.
const DashboardPage = lazy(() => import('../features/dashboard/dashboard-page'));
const CustomersPage = lazy(() => import('../features/customers/customers-page'));
const PlaceholderPage = lazy(() => import('../features/placeholder/placeholder-page'));
const AppLayout = lazy(() => import('./layout/app-layout'));
const PageFrame = lazy(() => import('./page-frame'));

function screenFor(page: PageDef): ReactNode {
  if (page.key === 'dashboard') return <DashboardPage />;
  if (page.key === 'customers') return <CustomersPage />;
  return <PlaceholderPage purpose={ja.pages[page.key].purpose} />;
}

const login = <LoginHandoff />;

const pageRoutes: RouteObject[] = PAGES.flatMap((page) =>
  ['', '/pwa'].map((prefix) => ({
    path: `${prefix}${page.path}`,
    element: <PageFrame page={page}>{screenFor(page)}</PageFrame>,
  })),
);

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
