import { useMemo, type ReactNode } from 'react';
import { useAppApis } from '../app-feedback';
import { ToastContext, type Toasts } from './toast-context';
import { createToastQueue, toastDuration, type ToastKind } from './toast-policy';

/** The toasts shown through one message API: their on-screen queue and keys live as long as it does. */
function toastsOver(message: ReturnType<typeof useAppApis>['message']): Toasts {
  const queue = createToastQueue();
  let counter = 0;
  const show = (kind: ToastKind, text: string, key: string) => {
    queue.add(key).forEach((old) => message.destroy(old));
    void message.open({
      key,
      type: kind,
      content: text,
      duration: toastDuration(kind),
      onClose: () => queue.remove(key),
    });
  };
  const fresh = (kind: ToastKind) => (text: string) => show(kind, text, `toast-${++counter}`);
  return {
    success: fresh('success'),
    error: fresh('error'),
    info: fresh('info'),
    warning: fresh('warning'),
    loading(text) {
      const key = `toast-${++counter}`;
      show('loading', text, key);
      return {
        success: (t) => show('success', t, key),
        error: (t) => show('error', t, key),
        close: () => {
          queue.remove(key);
          message.destroy(key);
        },
      };
    },
  };
}

/** Toasts over antd's message API; must sit inside LightApp. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const { message } = useAppApis();
  const toasts = useMemo(() => toastsOver(message), [message]);
  return <ToastContext.Provider value={toasts}>{children}</ToastContext.Provider>;
}
