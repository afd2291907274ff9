import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo } from 'react';
import { noteScreenData } from './first-screen';

/** A live read's answer: `loaded` once the device answered for the current inputs (or, with keepPrevious, for earlier ones). */
export type LiveRead<R> = { loaded: boolean; data: R | undefined };

const NOT_LOADED: LiveRead<never> = { loaded: false, data: undefined };

const sameInputs = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((value, i) => Object.is(value, b[i]));

/**
 * A small query on the device's database, answered again after every committed write it could be
 * affected by, in this tab or another: dexie-react-hooks' useLiveQuery, with three things a screen here
 * needs that it leaves to the caller.
 * - `loaded`: the query's own answer may be undefined (a customer not on the device), so "no answer
 *   yet" is a flag, not the value.
 * - Answers for other inputs: useLiveQuery keeps showing the last answer while new `deps` load. Another
 *   customer's visits must not show while this one's load, so by default that answer is dropped; a list
 *   narrowed by a filter may keep it until the new one arrives (keepPrevious), so it does not flash empty.
 * - The first screen: its data, once rendered, lets the work that waits for it start (first-screen.ts).
 * The query follows Dexie's rules for a querier: it awaits Dexie's own promises only. A read that fails
 * for another reason than a closed database (a wipe, which Dexie retries) throws to the error boundary.
 */
export function useLiveRead<R>(
  query: () => Promise<R>,
  deps: readonly unknown[],
  options: { keepPrevious?: boolean } = {},
): LiveRead<R> {
  // Each answer carries the inputs it was made for; the deps are the query's inputs, as for useEffect.
  const answer = useLiveQuery(async () => ({ deps, data: await query() }), [...deps]);
  useEffect(() => {
    if (answer) noteScreenData();
  }, [answer]);
  const shown = answer && (options.keepPrevious || sameInputs(answer.deps, deps)) ? answer : undefined;
  // One object per answer, so a caller may depend on it.
  return useMemo(() => (shown ? { loaded: true, data: shown.data } : NOT_LOADED), [shown]);
}
