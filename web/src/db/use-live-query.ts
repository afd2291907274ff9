import { useEffect, useState } from 'react';
import { type WatchedTable, onTableChange } from './changes';
import { noteScreenData } from './first-screen';

/** `partial`: an early answer a query gave before its whole one (see useLiveQuery's `early`). */
export type LiveQueryResult<R> = { loaded: boolean; data: R | undefined; partial?: boolean };

/**
 * The answer of a small query on the device's database, run again whenever a writer announces a change
 * to one of `tables` (here or in another tab). A screen adds a query, not a cache: visits of one
 * customer, a diagnosis's markers. Answers arrive in order; one made stale by a newer run is dropped.
 * `deps` are the query's inputs, as for useEffect. A query may hand an early answer to `early` (the rows
 * a screen shows first, say) before it resolves with the whole one; that one shows meanwhile, marked partial.
 */
export function useLiveQuery<R>(
  tables: readonly WatchedTable[],
  query: (early: (partial: R) => void) => Promise<R>,
  deps: readonly unknown[],
  options: { keepPrevious?: boolean } = {},
): LiveQueryResult<R> {
  const [result, setResult] = useState<LiveQueryResult<R>>({ loaded: false, data: undefined });
  const { keepPrevious = false } = options;

  useEffect(() => {
    // Another customer's visits must not show while this one's load; a list narrowed by a filter may
    // keep showing the last answer until the new one arrives (keepPrevious).
    if (!keepPrevious) setResult((previous) => (previous.loaded ? { loaded: false, data: undefined } : previous));
    let latest = 0;
    let active = true;
    const run = () => {
      latest += 1;
      const ticket = latest;
      const early = (partial: R) => {
        if (!active || ticket !== latest) return;
        setResult({ loaded: true, data: partial, partial: true });
        noteScreenData();
      };
      query(early).then(
        (data) => {
          if (!active || ticket !== latest) return;
          setResult({ loaded: true, data });
          noteScreenData();
        },
        // A failed read (the database closed by a wipe) keeps the last answer; the next notice retries.
        () => undefined,
      );
    };
    const watched = new Set<string>(tables);
    const stop = onTableChange((change) => watched.has(change.table) && run());
    run();
    return () => {
      active = false;
      stop();
    };
    // The caller's deps are the query's inputs; the query function itself is new on every render.
  }, [tables.join(), ...deps]);

  return result;
}
