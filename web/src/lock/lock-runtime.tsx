import { useEffect, useState } from 'react';
import { useSession } from '../auth/use-session';
import { onDemand } from '../components/on-demand';
import { idleLockMinutesFor } from '@clinic/sync-protocol/settings';
import { useAppSettings } from '../data/app-settings';
import { watchIdle } from './idle-timer';
import type { LockStore } from './lock-store';
import { keepSealedRefreshToken, resumeServerSession } from './reconnect';

const ReconnectPrompt = onDemand(() => import('./reconnect-prompt').then((m) => m.ReconnectPrompt)).Component;
const MINUTE = 60_000;

/**
 * While someone works: the idle lock after the administrator's minutes (設定 › 自動ロック), the sealed
 * refresh token kept current, and an offline session taken back online when the network returns.
 */
export function LockRuntime({ store }: { store: LockStore }) {
  const { settings, loaded } = useAppSettings();
  const session = useSession();
  // Per device: the administrator's minutes for it, else its default (longer at the reception desk).
  const minutes = idleLockMinutesFor(settings);
  useEffect(
    () =>
      loaded
        ? watchIdle({ ms: minutes * MINUTE, since: store.lastInput(), onIdle: () => store.lockIdle() })
        : undefined,
    [loaded, minutes, store],
  );
  useEffect(keepSealedRefreshToken, []);

  const offlineUser = session?.offline ? session.user : null;
  const [asking, setAsking] = useState(false);
  useEffect(() => {
    if (!offlineUser) return;
    let active = true;
    const attempt = () =>
      void resumeServerSession(offlineUser).then((result) => active && setAsking(result === 'needsPassword'));
    if (navigator.onLine) attempt();
    window.addEventListener('online', attempt);
    return () => {
      active = false;
      window.removeEventListener('online', attempt);
    };
  }, [offlineUser]);

  return asking && offlineUser ? <ReconnectPrompt user={offlineUser} onDone={() => setAsking(false)} /> : null;
}
