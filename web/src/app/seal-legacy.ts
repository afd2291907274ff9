import { afterFirstScreen } from '../data/first-screen';
import { hasDataKey, onDataKeyChange } from '../vault/data-key';
import { deviceSealed, markDeviceSealed } from '../vault/seal-mode';

type Deps = {
  /** Seals again what an older version left in every database; loaded only when needed. */
  sealAll: () => Promise<unknown>;
};

/**
 * A tablet updated from an older version holds rows in clear (before issue 25) or sealed bound to their
 * table alone (issue 25). They read as they are until this has sealed all of them again, bound to their
 * rows, once, after the first unlock (it needs the key) and after the first screen (it reads every store);
 * then the device is marked sealed (vault/seal-mode) and a row that does not open is set aside from then on.
 * A fresh device finds nothing to do and is marked at its first unlock.
 */
export function sealLegacyRowsOnce({ sealAll }: Deps): () => void {
  let running = false;
  const run = () => {
    if (running || !hasDataKey() || deviceSealed()) return;
    running = true;
    afterFirstScreen(() => {
      sealAll()
        .then(() => markDeviceSealed())
        // Locked again meanwhile, or a full disk: what is done stays done; the next unlock goes on from there.
        .catch(() => undefined)
        .finally(() => (running = false));
    });
  };
  run();
  return onDataKeyChange(run);
}
