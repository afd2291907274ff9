import { useMemo, type ReactNode } from 'react';
import { useAppApis } from '../app-feedback';
import { ToastContext, type Toasts } from './toast-context';
import { TOAST_PLACEMENT, createToastQueue, toastDuration, type ToastKind } from './toast-policy';

type NotificationApi = ReturnType<typeof useAppApis>['notification'];

/**
 * The toasts shown through antd's notification API, the one of its feedback APIs that places notices at
 * the bottom (see TOAST_PLACEMENT): their on-screen queue and keys live as long as it does.
 */
function toastsOver(notification: NotificationApi): Toasts {
  const queue = createToastQueue();
  let counter = 0;
  const show = (kind: ToastKind, text: string, key: string) => {
    queue.add(key).forEach((old) => notification.destroy(old));
    notification.open({
      key,
      // A loading toast has no icon of its own here; it is replaced by its result.
      ...(kind !== 'loading' && { type: kind }),
      title: text,
      duration: toastDuration(kind) || false,
      placement: TOAST_PLACEMENT,
      // Errors interrupt a screen reader; the rest is said when it pauses.
      role: kind === 'error' ? 'alert' : 'status',
      // Like the spec's messages: no close button (whose icon names itself in English), it goes by itself.
      closable: false,
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
          notification.destroy(key);
        },
      };
    },
  };
}

/** Toasts over antd's notification API; must sit inside LightApp. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const { notification } = useAppApis();
  const toasts = useMemo(() => toastsOver(notification), [notification]);
  return <ToastContext.Provider value={toasts}>{children}</ToastContext.Provider>;
}
