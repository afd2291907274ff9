import { type ComponentType, type ReactNode, useEffect, useState } from 'react';
import { whenIdle } from './when-idle';

/**
 * A component whose code loads on first use, kept out of the first screen's JavaScript. Unlike
 * React.lazy it renders at once (no Suspense, no extra frame) when its code is already there, as after
 * `preload`; until then it renders nothing, or `fallback` (given the same props): a control that must
 * stand there at once while its code waits until the first screen is shown (see whenIdle), or until a
 * tap on the fallback calls `preload`. Without a fallback the code loads as soon as it is rendered.
 * The service worker precaches every built file, so this works offline too.
 */
export function onDemand<P extends object>(load: () => Promise<ComponentType<P>>, fallback?: (props: P) => ReactNode) {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const waiting = new Set<() => void>();

  const preload = (): Promise<ComponentType<P>> => {
    loading ??= load().then(
      (component) => {
        loaded = component;
        for (const rerender of waiting) rerender();
        return component;
      },
      (error: unknown) => {
        loading = null; // the next use tries again
        throw error;
      },
    );
    return loading;
  };
  const ignore = () => undefined;

  function OnDemand(props: P) {
    const [, setReady] = useState(false);
    useEffect(() => {
      if (loaded) return;
      const rerender = () => setReady(true);
      waiting.add(rerender);
      if (fallback) whenIdle(() => void preload().catch(ignore));
      else void preload().catch(ignore);
      return () => void waiting.delete(rerender);
    }, []);
    const Loaded = loaded;
    if (Loaded) return <Loaded {...props} />;
    return fallback ? fallback(props) : null;
  }

  return { Component: OnDemand, preload };
}
