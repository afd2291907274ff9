/** Toast rules of spec 4 and 9, kept apart from React so they can be tested alone. */

export type ToastKind = 'success' | 'error' | 'info' | 'warning' | 'loading';

export const TOAST_MAX_VISIBLE = 5;
export const TOAST_DEFAULT_SECONDS = 6;
export const TOAST_ERROR_SECONDS = 8;

/** Seconds a toast stays; 0 means until it is closed or updated (antd's convention). */
export function toastDuration(kind: ToastKind): number {
  switch (kind) {
    case 'error':
      return TOAST_ERROR_SECONDS;
    case 'loading':
      return 0;
    case 'success':
    case 'info':
    case 'warning':
      return TOAST_DEFAULT_SECONDS;
  }
}

/** Tracks the toasts on screen in order; adding a sixth hands back the oldest to close. */
export function createToastQueue(max = TOAST_MAX_VISIBLE) {
  let open: string[] = [];
  return {
    add(key: string): string[] {
      open = [...open.filter((k) => k !== key), key];
      const evicted = open.slice(0, Math.max(0, open.length - max));
      open = open.slice(open.length - Math.min(open.length, max));
      return evicted;
    },
    remove(key: string): void {
      open = open.filter((k) => k !== key);
    },
    keys(): readonly string[] {
      return open;
    },
  };
}
