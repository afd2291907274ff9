import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { sessionStore } from '../auth/session-store';

/** How long logout waits for the server to revoke the tokens before leaving anyway. */
export const LOGOUT_TIMEOUT_MS = 3_000;

/**
 * Spec 4: logout clears the stored data and goes to the PWA login. The server call is best-effort.
 * It lives beside the call it makes: the session store (auth) sits below the HTTP client.
 */
export function useLogout() {
  const navigate = useNavigate();
  return useCallback(async () => {
    if (sessionStore.get() && navigator.onLine) {
      // The request code (and the answer checks) load only when someone logs out.
      await import('./auth-api').then(({ postLogout }) => postLogout(LOGOUT_TIMEOUT_MS)).catch(() => undefined);
    }
    sessionStore.end('logout');
    void navigate('/pwa/login', { replace: true });
  }, [navigate]);
}
