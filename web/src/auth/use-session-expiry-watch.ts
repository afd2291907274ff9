import { useEffect } from 'react';
import { sessionStore } from './session-store';

const CHECK_EVERY_MS = 30_000;

/** Ends the session when its life is over, also after the tablet slept with the app open. */
export function useSessionExpiryWatch(): void {
  useEffect(() => {
    const check = () => sessionStore.checkExpiry();
    const timer = setInterval(check, CHECK_EVERY_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible') check();
    };
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('focus', check);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('focus', check);
    };
  }, []);
}
