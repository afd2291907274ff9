import { onTableChange, type TableChange } from './changes';

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
  /** A quick first snapshot made before `load` (the rows a screen shows first), or null for none. */
  preload: SnapshotWork<S> | null = null,
) {
  let snapshot = initial;
  let queue: Promise<void> = Promise.resolve();
  let stopWatching: (() => void) | null = null;
  const listeners = new Set<() => void>();

  const run = (work: SnapshotWork<S>) => {
    queue = queue
      .then(async () => {
        snapshot = await work();
        for (const listener of listeners) listener();
      })
      .catch(() => undefined);
  };

  return {
    getSnapshot: (): S => snapshot,
    subscribe(listener: () => void): () => void {
      if (!stopWatching) {
        stopWatching = onTableChange((change) => {
          const work = onChange(change);
          if (work) run(work);
        });
        if (preload) run(preload);
        run(load);
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
