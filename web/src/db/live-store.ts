import { onTableChange, type TableChange } from './changes';
import { afterFirstScreen, noteScreenData } from './first-screen';

/** Work that reads the database and returns the store's next snapshot. */
export type SnapshotWork<S> = () => Promise<S>;

/**
 * The plumbing of a store kept current from change notices, for useSyncExternalStore. `load` makes the
 * first snapshot; `onChange` answers a notice with the work that makes the next one (null: not ours).
 * Works run one at a time, in order, so a notice that arrives during the first load is applied after
 * it; a failed one (the database closed by a wipe) does not stop later ones. Watching starts with the
 * first subscriber and lasts for the life of the page.
 */
export function createLiveStore<S>(
  initial: S,
  load: SnapshotWork<S>,
  onChange: (change: TableChange) => SnapshotWork<S> | null,
  /**
   * A quick first snapshot made before `load` (the rows a screen shows first), or null for none. With
   * one, `load` waits until the first screen has shown its data: a whole table arrives in one piece and
   * takes the main thread for a while (a quarter of a second for 10,000 customers on a tablet), which
   * would otherwise hold back the render of those first rows.
   */
  preload: SnapshotWork<S> | null = null,
) {
  let snapshot = initial;
  let queue: Promise<void> = Promise.resolve();
  let stopWatching: (() => void) | null = null;
  let preloading = false;
  const listeners = new Set<() => void>();

  const run = (work: SnapshotWork<S>) => {
    queue = queue
      .then(async () => {
        snapshot = await work();
        for (const listener of listeners) listener();
        if (listeners.size > 0) noteScreenData();
      })
      .catch(() => undefined);
  };

  /** Starts the quick first snapshot, once, before anything subscribes (as the app starts). */
  const warm = () => {
    if (preloading || !preload) return;
    preloading = true;
    run(preload);
  };

  return {
    getSnapshot: (): S => snapshot,
    warm,
    subscribe(listener: () => void): () => void {
      if (!stopWatching) {
        stopWatching = onTableChange((change) => {
          const work = onChange(change);
          if (work) run(work);
        });
        if (preload) {
          // Made already (warmed as the app started): the screen that subscribes renders it now.
          if (snapshot !== initial) noteScreenData();
          warm();
          run(() => new Promise<S>((resolve, reject) => afterFirstScreen(() => load().then(resolve, reject))));
        } else run(load);
      }
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Resolves once every notice received so far is applied (for tests and callers that must wait). */
    settled: (): Promise<void> => queue,
    dispose(): void {
      stopWatching?.();
      stopWatching = null;
    },
  };
}
