import { sessionStore } from '../auth/session-store';
import { takeHandoff } from '../vault/handoff';
import { forgetKeyInWorker, keepWorkerAwake, keyFromWorker, lendKeyToWorker } from '../vault/worker-key';
import { createLockStore } from './lock-store';

/** The page's one lock. Leaving is a real page load: nothing of the person's screens stays in memory. */
export const lockStore = createLockStore({
  keyFromWorker,
  lendKeyToWorker,
  forgetKeyInWorker,
  keepWorkerAwake,
  keyFromHandoff: async (userId) => {
    const session = sessionStore.get();
    if (!session || session.offline || !takeHandoff(localStorage, userId)) return null;
    return import('./escrow-handoff').then((m) => m.keyFromEscrow());
  },
  leave: (path) => window.location.replace(path),
});
