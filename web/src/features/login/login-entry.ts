import { startLogin } from './login-controller';
import { submitLogin } from './login-submit';
import { loginView } from './login-view';

startLogin({ view: loginView(), submit: submitLogin, location: window.location });

// The worker precaches the whole app while the person types, so the app opens even offline later.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
}
