import { createContext, useContext } from 'react';

/** A loading toast stays until it is turned into a result or closed. */
export type LoadingToast = {
  success(text: string): void;
  error(text: string): void;
  close(): void;
};

export type Toasts = {
  success(text: string): void;
  error(text: string): void;
  info(text: string): void;
  warning(text: string): void;
  loading(text: string): LoadingToast;
};

export const ToastContext = createContext<Toasts | null>(null);

export function useToast(): Toasts {
  const toasts = useContext(ToastContext);
  if (!toasts) throw new Error('useToast must be used inside <ToastProvider>');
  return toasts;
}
