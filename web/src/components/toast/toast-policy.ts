/** Toast rules of spec 4 and 9, kept apart from React so they can be tested alone. */

export type ToastKind = 'success' | 'error' | 'info' | 'warning' | 'loading';

export const TOAST_MAX_VISIBLE = 5;
/** Spec 9: a success notice shows for 3 s. */
export const TOAST_SUCCESS_SECONDS = 3;
export const TOAST_DEFAULT_SECONDS = 6;
export const TOAST_ERROR_SECONDS = 8;

/**
 * Where toasts show: at the bottom, in the middle. At the top they covered the header, the sync status
 * and dialog titles; nothing a person needs in order to go on sits at the bottom edge of these screens.
 */
export const TOAST_PLACEMENT = 'bottom';

/** Seconds a toast stays; 0 means until it is closed or updated. */
export function toastDuration(kind: ToastKind): number {
  switch (kind) {
    case 'success':
      return TOAST_SUCCESS_SECONDS;
    case 'error':
      return TOAST_ERROR_SECONDS;
    case 'loading':
      return 0;
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
