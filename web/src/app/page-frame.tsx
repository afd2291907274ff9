import { roleSatisfies } from '@clinic/sync-protocol';
import { Suspense, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSession } from '../auth/use-session';
import { NoPermission } from '../components/no-permission/no-permission';
import { PageSpinner } from '../components/page-spinner/page-spinner';
import { ja } from '../i18n/ja';
import { PageErrorBoundary } from './error-boundary';
import { prefixFor, type PageDef } from './pages';
import { useDocumentTitle } from './use-document-title';

/** The page-name wrapper of spec 2: sets the title, checks the role, isolates errors, loads the screen. */
export default function PageFrame({ page, children }: { page: PageDef; children: ReactNode }) {
  const session = useSession();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  useDocumentTitle(ja.pages[page.key].title);
  const dashboard = `${prefixFor(pathname)}/dashboard`;

  if (!session) return null; // the auth guard above is already redirecting
  if (page.role && !roleSatisfies(session.user.role, page.role)) {
    return <NoPermission requiredRole={page.role} currentRole={session.user.role} onBack={() => void navigate(dashboard)} />;
  }
  return (
    <PageErrorBoundary key={pathname} onGoDashboard={() => void navigate(dashboard)}>
      <Suspense fallback={<PageSpinner />}>{children}</Suspense>
    </PageErrorBoundary>
  );
}
