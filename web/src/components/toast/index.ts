export { ToastProvider } from './toast-provider';
export { useToast, type LoadingToast, type Toasts } from './toast-context';
