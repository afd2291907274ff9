import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, type RouteObject } from '../routing/router';
import { PageSpinner } from '../components/page-spinner/page-spinner';
import { ja } from '../i18n/ja';
import { RequireAuth } from './guards/require-auth';
import { LoginHandoff } from './login-handoff';
import { PAGES, type PageDef } from './pages';
import { screens } from './screens';

// Every screen and the logged-in shell load on demand (see screens.ts and warm-route.ts).
const DashboardPage = lazy(screens.dashboard);
const CustomersPage = lazy(screens.customers);
const CustomerChartPage = lazy(screens.customerChart);
const VisitsPage = lazy(screens.visits);
const SurveysPage = lazy(screens.surveys);
const DiagnosisPage = lazy(screens.diagnosis);
const DiagnosisV2Page = lazy(screens.diagnosisV2);
const CameraPage = lazy(screens.camera);
const FaceAnalysisPage = lazy(screens.faceAnalysis);
const SettingsPage = lazy(screens.settings);
const UserManagementPage = lazy(screens.userManagement);
const PlaceholderPage = lazy(screens.placeholder);
const AppLayout = lazy(screens.layout);
const PageFrame = lazy(screens.frame);

function screenFor(page: PageDef): ReactNode {
  if (page.key === 'dashboard') return <DashboardPage />;
  if (page.key === 'customers') return <CustomersPage />;
  if (page.key === 'visits') return <VisitsPage />;
  if (page.key === 'surveys') return <SurveysPage />;
  if (page.key === 'diagnosis') return <DiagnosisPage />;
  if (page.key === 'diagnosisV2') return <DiagnosisV2Page />;
  if (page.key === 'camera') return <CameraPage />;
  if (page.key === 'faceAnalysis') return <FaceAnalysisPage />;
  if (page.key === 'settings') return <SettingsPage />;
  if (page.key === 'userManagement') return <UserManagementPage />;
  return <PlaceholderPage purpose={ja.pages[page.key].purpose} />;
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
