import type { App, AppProps } from 'antd';
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { useAntdLook } from '../antd-look';
import { onDemand, whenIdle } from '../on-demand';

/** What antd's App.useApp() gives: its message, notification and modal APIs. */
export type AppApis = ReturnType<typeof App.useApp>;

const holders = onDemand(() => import('./feedback-holders').then((m) => m.FeedbackHolders));
const FeedbackHolders = holders.Component;

type Call = (apis: AppApis) => void;
type Method = (...args: unknown[]) => unknown;

const METHODS = {
  message: ['open', 'success', 'error', 'info', 'warning', 'loading', 'destroy'],
  notification: ['open', 'success', 'error', 'info', 'warning', 'destroy'],
  modal: ['confirm', 'info', 'success', 'error', 'warning'],
} as const;

/**
 * Stands in for antd's message, notification and modal APIs until their code has loaded: a call made
 * before is kept and made once it is there (a toast or a question then shows a moment later).
 */
function lazyApis(current: () => AppApis | null, defer: (call: Call) => void): AppApis {
  const apis: Record<string, Record<string, Method>> = {};
  for (const [api, names] of Object.entries(METHODS)) {
    apis[api] = {};
    for (const name of names) {
      const call = (real: AppApis, args: unknown[]) =>
        (real[api as keyof AppApis] as unknown as Record<string, Method>)[name]!(...args);
      apis[api][name] = (...args) => {
        const real = current();
        if (real) return call(real, args);
        defer((loaded) => void call(loaded, args));
        return undefined;
      };
    }
  }
  return apis as unknown as AppApis;
}

const ApisContext = createContext<AppApis | null>(null);

/** The stand-in APIs, with what they keep: the loaded APIs once there, and the calls made before. */
function lazyFeedback() {
  let real: AppApis | null = null;
  const waiting: Call[] = [];
  let wanted: () => void = () => undefined;
  return {
    apis: lazyApis(
      () => real,
      (call) => {
        waiting.push(call);
        wanted();
      },
    ),
    /** Given by the loaded holders, or null when they go. */
    onReady: (loaded: AppApis | null) => {
      real = loaded;
      if (loaded) for (const call of waiting.splice(0)) call(loaded);
    },
    /** What a call made before the code came does: ask for it. */
    whenWanted: (ask: () => void) => {
      wanted = ask;
    },
  };
}

/**
 * antd's <App> (its `ant-app` element and styles, and App.useApp's message, notification and modal),
 * with the code behind those APIs loaded once the first screen is shown or at their first use, rather
 * than with the first screen: antd's own <App> adds 30 KB gzip before every first screen (issue 23).
 */
export function LightApp({
  message,
  notification,
  children,
}: Pick<AppProps, 'message' | 'notification'> & { children: ReactNode }) {
  const { rootClasses } = useAntdLook('app');
  const [wanted, setWanted] = useState(false);
  const [{ apis, onReady, whenWanted }] = useState(lazyFeedback);

  useEffect(() => {
    // The idle moment can come after this app has gone (a signed-out person's, a test's): nothing is set then.
    let mounted = true;
    const want = () => mounted && setWanted(true);
    whenWanted(want);
    whenIdle(want);
    return () => {
      mounted = false;
    };
  }, [whenWanted]);

  return (
    <ApisContext.Provider value={apis}>
      <div className={rootClasses.join(' ')}>
        {wanted && <FeedbackHolders message={message} notification={notification} onReady={onReady} />}
        {children}
      </div>
    </ApisContext.Provider>
  );
}

/** antd's App.useApp() under <LightApp>, without loading antd's <App> (which brings those APIs' code along). */
export function useAppApis(): AppApis {
  const apis = useContext(ApisContext);
  if (!apis) throw new Error('useAppApis() needs <LightApp> above it');
  return apis;
}
