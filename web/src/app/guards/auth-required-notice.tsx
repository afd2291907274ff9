import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { onDemand } from '../../components/on-demand';
import { ja } from '../../i18n/ja';
import { loginPath } from '../login-handoff';
import { AuthRequiredText } from './auth-required-text';

export const AUTH_REDIRECT_DELAY_MS = 2_000;

// Only a 401 shows it, so antd's Alert stays out of the first screen's code: it loads once that screen is
// shown, and until then (or if it cannot load) the same words stand in plain text.
const AuthRequiredAlert = onDemand(
  () => import('./auth-required-alert').then((m) => m.AuthRequiredAlert),
  () => (
    <div role="alert">
      <strong>{ja.auth.loginRequiredTitle}</strong>
      <AuthRequiredText />
    </div>
  ),
).Component;

/** Spec 8: a 401 says ログインが必要です and moves to login after 2 s, remembering the page. */
export function AuthRequiredNotice({ from }: { from: string }) {
  const navigate = useNavigate();
  // Here, not in the on-demand part: the move to login happens whether or not that code arrives.
  useEffect(() => {
    const timer = setTimeout(() => void navigate(loginPath(from), { replace: true }), AUTH_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [from, navigate]);

  return (
    <main style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', padding: 16 }}>
      <AuthRequiredAlert />
    </main>
  );
}
