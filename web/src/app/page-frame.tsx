import { roleSatisfies } from '@clinic/sync-protocol/rules';
import { Suspense, useEffect, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useSession } from '../auth/use-session';
import { onDemand, whenIdle } from '../components/on-demand';
import { PageSpinner } from '../components/page-spinner/page-spinner';
import { ja } from '../i18n/ja';
import { PageErrorBoundary, preloadErrorFallback } from './error-boundary';
import { prefixFor, type PageDef } from './pages';
import { useDocumentTitle } from './use-document-title';

// Only a wrong role sees it: its code loads then.
const NoPermission = onDemand(() =>
  import('../components/no-permission/no-permission').then((m) => m.NoPermission),
).Component;

/** The page-name wrapper of spec 2: sets the title, checks the role, isolates errors, loads the screen. */
export default function PageFrame({ page, children }: { page: PageDef; children: ReactNode }) {
  const session = useSession();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  useDocumentTitle(ja.pages[page.key].title);
  const dashboard = `${prefixFor(pathname)}/dashboard`;
  // Ready before a page can fail, once the first screen is shown.
  useEffect(() => whenIdle(() => void preloadErrorFallback().catch(() => undefined)), []);

  if (!session) return null; // the auth guard above is already redirecting
  if (page.role && !roleSatisfies(session.user.role, page.role)) {
    return (
      <NoPermission requiredRole={page.role} currentRole={session.user.role} onBack={() => void navigate(dashboard)} />
    );
  }
  // The boundary outlives a change of page: the router moves in a transition, so while the next screen's
  // code loads the current one stays shown (and usable) instead of a spinner. Only a first load spins.
  // The error boundary starts over on each page, so a failed page does not follow the person.
  return (
    <Suspense fallback={<PageSpinner />}>
      <PageErrorBoundary key={pathname} onGoDashboard={() => void navigate(dashboard)}>
        {children}
      </PageErrorBoundary>
    </Suspense>
  );
}
