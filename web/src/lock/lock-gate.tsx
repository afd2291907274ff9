import { type ReactNode, useEffect, useState, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { onDemand } from '../components/on-demand';
import { PageSpinner } from '../components/page-spinner/page-spinner';
import { makeBackgroundInert } from './inert-background';
import type { LockStore } from './lock-store';

// The cover's antd parts load when it shows; the idle watch and reconnecting once the first screen is up.
const LockScreen = onDemand(() => import('./lock-screen').then((m) => m.LockScreen)).Component;
const LockRuntime = onDemand(
  () => import('./lock-runtime').then((m) => m.LockRuntime),
  () => null,
).Component;

/**
 * The shared tablet's lock around the app (issue 25). The app renders per person (`children(userId)`
 * is keyed by it), so another person never sees the last one's open form. Under the idle lock the app
 * stays mounted, inert and hidden; after a reload without the key, or a session's end, it is not
 * mounted at all until the password opens the key.
 */
export function LockGate({ store, children }: { store: LockStore; children: (userId: string | null) => ReactNode }) {
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getState);
  const [host] = useState(() => (typeof document === 'undefined' ? null : document.createElement('div')));
  const locked = state.kind === 'locked';

  useEffect(() => {
    if (!locked || !host) return;
    document.body.appendChild(host);
    const restore = makeBackgroundInert(host);
    return () => {
      restore();
      host.remove();
    };
  }, [locked, host]);

  if (state.kind === 'starting') return <PageSpinner fullScreen />;
  const showApp = state.kind === 'open' || state.keyHeld;
  const userId = state.kind === 'open' ? state.userId : state.user.id;
  return (
    <>
      {showApp && children(userId)}
      {state.kind === 'open' && userId && <LockRuntime store={store} />}
      {locked && host && createPortal(<LockScreen store={store} state={state} />, host)}
    </>
  );
}
