import { ConfigProvider } from 'antd';
import AppContext, { type AppConfig, type useAppProps } from 'antd/es/app/context';
import useStyle from 'antd/es/app/style';
import { type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { onDemand, whenIdle } from '../on-demand';

const holders = onDemand(() => import('./feedback-holders').then((m) => m.FeedbackHolders));
const FeedbackHolders = holders.Component;

type Call = (apis: useAppProps) => void;
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
function lazyApis(current: () => useAppProps | null, defer: (call: Call) => void): useAppProps {
  const apis: Record<string, Record<string, Method>> = {};
  for (const [api, names] of Object.entries(METHODS)) {
    apis[api] = {};
    for (const name of names) {
      const call = (real: useAppProps, args: unknown[]) => (real[api as keyof useAppProps] as unknown as Record<string, Method>)[name]!(...args);
      apis[api][name] = (...args) => {
        const real = current();
        if (real) return call(real, args);
        defer((loaded) => void call(loaded, args));
        return undefined;
      };
    }
  }
  return apis as unknown as useAppProps;
}

/**
 * antd's <App> (its `ant-app` element and styles, and App.useApp's message, notification and modal),
 * with the code behind those APIs (about 20 KB) loaded once the first screen is shown or at their
 * first use, rather than with the first screen.
 */
export function LightApp({ message, notification, children }: AppConfig & { children: ReactNode }) {
  const prefixCls = useContext(ConfigProvider.ConfigContext).getPrefixCls('app');
  const [hashId, cssVarCls] = useStyle(prefixCls);
  const [wanted, setWanted] = useState(false);
  const real = useRef<useAppProps | null>(null);
  const waiting = useRef<Call[]>([]);

  useEffect(() => whenIdle(() => setWanted(true)), []);
  const onReady = useCallback((apis: useAppProps | null) => {
    real.current = apis;
    if (apis) for (const call of waiting.current.splice(0)) call(apis);
  }, []);
  const apis = useMemo(
    () =>
      lazyApis(
        () => real.current,
        (call) => {
          waiting.current.push(call);
          setWanted(true);
        },
      ),
    [],
  );

  return (
    <AppContext.Provider value={apis}>
      <div className={[hashId, prefixCls, cssVarCls].filter(Boolean).join(' ')}>
        {wanted && <FeedbackHolders message={message} notification={notification} onReady={onReady} />}
        {children}
      </div>
    </AppContext.Provider>
  );
}

/** antd's App.useApp(), without loading antd's <App> (which brings those APIs' code along). */
export function useAppApis(): useAppProps {
  return useContext(AppContext);
}
