import { type ComponentType, type ReactNode, useEffect, useState } from 'react';

/**
 * A component whose code loads on first use, kept out of the first screen's JavaScript. Unlike
 * React.lazy it renders at once (no Suspense, no extra frame) when its code is already there, as after
 * `preload` (started once the first screen is shown, see whenIdle); until then it renders nothing. The
 * service worker precaches every built file, so this works offline too. `fallback` draws what shows
 * until then (a control that must be there at once, say), given the same props.
 */
export function onDemand<P extends object>(load: () => Promise<ComponentType<P>>, fallback: (props: P) => ReactNode = () => null) {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;

  const preload = (): Promise<ComponentType<P>> => {
    loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = null; // the next use tries again
        throw error;
      },
    );
    return loading;
  };

  function OnDemand(props: P) {
    const [, setReady] = useState(false);
    useEffect(() => {
      if (loaded) return;
      let active = true;
      preload().then(
        () => active && setReady(true),
        () => undefined,
      );
      return () => {
        active = false;
      };
    }, []);
    const Loaded = loaded;
    return Loaded ? <Loaded {...props} /> : fallback(props);
  }

  return { Component: OnDemand, preload };
}
