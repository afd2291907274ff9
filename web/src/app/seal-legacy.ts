import { afterFirstScreen } from '../data/first-screen';
import { hasDataKey, onDataKeyChange } from '../vault/data-key';

/** Set once every database of the device has been sealed through (not personal: a flag). */
export const SEALED_LEGACY_FLAG = 'clinic-sealed-legacy-v1';

type Deps = {
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  /** Seals what an older version left in clear in every database; loaded only when needed. */
  sealAll: () => Promise<unknown>;
};

/**
 * A tablet updated from a version before encryption at rest (issue 25) holds its rows in clear. They read
 * as they are and are sealed when next written; this seals all of them once, after the first unlock (it
 * needs the key) and after the first screen (it reads every store), and notes that it is done.
 */
export function sealLegacyRowsOnce({ storage, sealAll }: Deps): () => void {
  let running = false;
  const run = () => {
    if (running || !hasDataKey() || storage?.getItem(SEALED_LEGACY_FLAG) === '1') return;
    running = true;
    afterFirstScreen(() => {
      sealAll()
        .then(() => storage?.setItem(SEALED_LEGACY_FLAG, '1'))
        // Locked again meanwhile, or a full disk: the rows stay readable as they are; the next unlock tries again.
        .catch(() => undefined)
        .finally(() => (running = false));
    });
  };
  run();
  return onDataKeyChange(run);
}
