import type Dexie from 'dexie';
import { afterFirstScreen, noteScreenData } from './first-screen';
import { onTableChanges, type TableChanges } from './table-changes';

/** Work that reads the database and returns the store's next snapshot. */
export type SnapshotWork<S> = () => Promise<S>;

/**
 * The plumbing of a store kept current from Dexie's own change tracking (see onTableChanges), for
 * useSyncExternalStore. `load` makes the first snapshot; `onChange` answers the tables a committed write
 * changed with the work that makes the next snapshot (null: not ours). Works run one at a time, in order,
 * so a write that commits during the first load is applied after it; a failed one (the database closed
 * by a wipe) does not stop later ones. Watching starts with the first subscriber and lasts for the life
 * of the page.
 */
export function createLiveStore<S>(
  db: Dexie,
  initial: S,
  load: SnapshotWork<S>,
  onChange: (changes: TableChanges) => SnapshotWork<S> | null,
  /**
   * A quick first snapshot made before `load` (the rows a screen shows first), or null for none. With
   * one, `load` waits until the first screen has shown its data: a whole table arrives in one piece and
   * takes the main thread for a while (a quarter of a second for 10,000 customers on a tablet), which
   * would otherwise hold back the render of those first rows.
   */
  preload: SnapshotWork<S> | null = null,
  /**
   * The snapshot a failed work leaves (the database cannot be read), given the current one; null keeps the
   * current one. A store without it keeps the last snapshot, as after a wipe's closed database.
   */
  onFailure: ((current: S) => S | null) | null = null,
) {
  let snapshot = initial;
  let queue: Promise<void> = Promise.resolve();
  let stopWatching: (() => void) | null = null;
  let preloading = false;
  const listeners = new Set<() => void>();
  /** Told of every new snapshot without asking for one (see `observe`). */
  const observers = new Set<() => void>();

  const publish = (next: S) => {
    if (next === snapshot) return;
    snapshot = next;
    for (const listener of [...listeners, ...observers]) listener();
    if (listeners.size > 0) noteScreenData();
  };
  const run = (work: SnapshotWork<S>) => {
    queue = queue
      .then(async () => publish(await work()))
      .catch(() => {
        const failed = onFailure?.(snapshot);
        if (failed) publish(failed);
      });
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
    subscribe: (listener: () => void): (() => void) => {
      if (!stopWatching) {
        stopWatching = onTableChanges(db, (changes) => {
          const work = onChange(changes);
          if (work) run(work);
        });
        if (preload) {
          // Made already (warmed as the app started): the screen that subscribes renders it now.
          if (snapshot !== initial) noteScreenData();
          warm();
          run(() => new Promise<S>((resolve, reject) => afterFirstScreen(() => void load().then(resolve, reject))));
        } else run(load);
      }
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /**
     * Hears of every new snapshot without starting the store: a query that takes what it can from the
     * store once someone else loaded it (names for a list) runs again when it changes.
     */
    observe: (observer: () => void): (() => void) => {
      observers.add(observer);
      return () => observers.delete(observer);
    },
    /** Reads everything again (再試行 after a failed read); nothing before the store has started. */
    reload: (): void => {
      if (stopWatching) run(load);
    },
    /** Resolves once every change seen so far is applied (for tests and callers that must wait). */
    settled: (): Promise<void> => queue,
    dispose: (): void => {
      stopWatching?.();
      stopWatching = null;
    },
  };
}
