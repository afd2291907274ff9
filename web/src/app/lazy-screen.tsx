import { type ComponentType, lazy, useState } from 'react';

const modules = new Map<() => Promise<unknown>, unknown>();

/**
 * A loader that loads once and remembers its module, so that lazyScreen can render a screen whose code
 * is already there at once. A failed load is tried again on the next call.
 */
export function loadOnce<M>(load: () => Promise<M>): () => Promise<M> {
  let loading: Promise<M> | null = null;
  const run = (): Promise<M> =>
    (loading ??= load().then(
      (module) => {
        modules.set(run, module);
        return module;
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    ));
  return run;
}

/**
 * React.lazy, except that a screen whose code is already there (warm-route.ts loads it as the app starts)
 * renders at once. React.lazy suspends on its first render whatever the state of its code, and React then
 * holds the screen back until 300 ms after the spinner it showed instead (its Suspense throttle): measured
 * 90–150 ms of an offline reload's wait at tablet speed, with every file already loaded. `load` is one
 * made by loadOnce.
 */
export function lazyScreen<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): ComponentType<P> {
  const Lazy = lazy(load);
  function Screen(props: P) {
    // Chosen once per mount: a screen that started out suspended stays the lazy one (no remount when it loads).
    const [Loaded] = useState(() => (modules.get(load) as { default: ComponentType<P> } | undefined)?.default);
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  return Screen;
}
