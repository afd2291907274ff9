import { type LoginOutcome, hasLiveSession } from './login-submit';
import { loginIdError, passwordError, type LoginFormValues } from './login-validation';
import { redirectTarget } from './redirect-target';
import type { LoginView } from './login-view';

/** How long ログインしました stays in view before the app opens. */
export const SUCCESS_PAUSE_MS = 700;

type Deps = {
  view: LoginView;
  submit: (values: LoginFormValues) => Promise<LoginOutcome>;
  location: Pick<Location, 'origin' | 'pathname' | 'search' | 'replace'>;
  hasSession?: () => boolean;
};

/** The login screen's behaviour: validate on blur and submit, log in, then open the remembered page. */
export function startLogin({ view, submit, location, hasSession = hasLiveSession }: Deps): void {
  const target = redirectTarget(location.pathname, location.search, location.origin);
  if (hasSession()) {
    location.replace(target);
    return;
  }
  const checkId = () => {
    const message = loginIdError(view.id.value);
    view.setFieldError(view.id, message);
    return message === null;
  };
  const checkPassword = () => {
    const message = passwordError(view.password.value);
    view.setFieldError(view.password, message);
    return message === null;
  };
  view.id.addEventListener('blur', () => view.id.value && checkId());
  view.password.addEventListener('blur', () => view.password.value && checkPassword());
  view.toggle.addEventListener('click', () => view.togglePassword());

  let busy = false;
  view.form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (busy) return;
    const idOk = checkId();
    const passwordOk = checkPassword();
    if (!idOk || !passwordOk) return;
    busy = true;
    view.showError(null);
    view.setBusy(true);
    void submit(view.values()).then((outcome) => {
      if (outcome.ok) {
        view.showSuccess();
        setTimeout(() => location.replace(target), SUCCESS_PAUSE_MS);
        return;
      }
      busy = false;
      view.setBusy(false);
      view.showError(outcome.message);
    });
  });
}
