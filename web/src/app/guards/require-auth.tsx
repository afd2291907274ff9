import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useSessionState } from '../../auth/use-session';
import { loginPath } from '../login-handoff';
import { AuthRequiredNotice } from './auth-required-notice';

/**
 * Protected pages need a session. Without one the user goes to /login, which brings them back
 * here afterwards; after a logout to the PWA login; after a 401 first a short notice (spec 8).
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { session, endReason } = useSessionState();
  const location = useLocation();
  if (session) return children;

  const from = `${location.pathname}${location.search}`;
  if (endReason === 'logout') return <Navigate to="/pwa/login" replace />;
  if (endReason === 'unauthorized') return <AuthRequiredNotice from={from} />;
  return <Navigate to={loginPath(from)} replace />;
}
