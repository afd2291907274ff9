import { useMemo, useRef, type ReactNode } from 'react';
import { useAppApis } from '../app-feedback';
import { ToastContext, type Toasts } from './toast-context';
import { createToastQueue, toastDuration, type ToastKind } from './toast-policy';

/** Toasts over antd's message API; must sit inside LightApp. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const { message } = useAppApis();
  const queue = useRef(createToastQueue());
  const counter = useRef(0);

  const toasts = useMemo<Toasts>(() => {
    const show = (kind: ToastKind, text: string, key: string) => {
      queue.current.add(key).forEach((old) => message.destroy(old));
      void message.open({
        key,
        type: kind,
        content: text,
        duration: toastDuration(kind),
        onClose: () => queue.current.remove(key),
      });
    };
    const fresh = (kind: ToastKind) => (text: string) => show(kind, text, `toast-${++counter.current}`);
    return {
      success: fresh('success'),
      error: fresh('error'),
      info: fresh('info'),
      warning: fresh('warning'),
      loading(text) {
        const key = `toast-${++counter.current}`;
        show('loading', text, key);
        return {
          success: (t) => show('success', t, key),
          error: (t) => show('error', t, key),
          close: () => {
            queue.current.remove(key);
            message.destroy(key);
          },
        };
      },
    };
  }, [message]);

  return <ToastContext.Provider value={toasts}>{children}</ToastContext.Provider>;
}
