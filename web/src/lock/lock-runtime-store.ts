import { forgetKeyInWorker, keepWorkerAwake, keyFromWorker, lendKeyToWorker } from '../vault/worker-key';
import { createLockStore } from './lock-store';

/** The page's one lock. Leaving is a real page load: nothing of the person's screens stays in memory. */
export const lockStore = createLockStore({
  keyFromWorker,
  lendKeyToWorker,
  forgetKeyInWorker,
  keepWorkerAwake,
  leave: (path) => window.location.replace(path),
});
