import { ja } from '../../i18n/ja';

const t = ja.login;

function byId<T extends HTMLElement>(id: string): T {
  const element = document.getElementById(id);
  if (!element) throw new Error(`login.html is missing #${id}`);
  return element as T; // the ids are fixed in login.html, next to this file's entry
}

/** The static login form of login.html, with the few state changes the screen needs. */
export function loginView() {
  const form = byId<HTMLFormElement>('login-form');
  const id = byId<HTMLInputElement>('login-id');
  const password = byId<HTMLInputElement>('login-password');
  const toggle = byId<HTMLButtonElement>('login-password-toggle');
  const submit = byId<HTMLButtonElement>('login-submit');
  const submitLabel = byId<HTMLSpanElement>('login-submit-label');
  const spinner = submit.querySelector<HTMLElement>('.spinner');
  const error = byId<HTMLDivElement>('login-error');
  const errorText = byId<HTMLSpanElement>('login-error-text');
  const success = byId<HTMLDivElement>('login-success');

  const setFieldError = (input: HTMLInputElement, message: string | null) => {
    const field = input.closest('.field');
    field?.classList.toggle('invalid', message !== null);
    input.setAttribute('aria-invalid', String(message !== null));
    const slot = document.getElementById(`${input.id}-error`);
    if (slot) slot.textContent = message ?? '';
  };

  return {
    form,
    id,
    password,
    toggle,
    values: () => ({ identifier: id.value, password: password.value }),
    setFieldError,
    setBusy(busy: boolean) {
      submit.disabled = busy;
      id.disabled = busy;
      password.disabled = busy;
      submitLabel.textContent = busy ? t.submitting : t.submit;
      if (spinner) spinner.hidden = !busy;
    },
    showError(message: string | null) {
      errorText.textContent = message ?? '';
      error.hidden = message === null;
    },
    showSuccess() {
      success.hidden = false;
    },
    togglePassword() {
      const show = password.type === 'password';
      password.type = show ? 'text' : 'password';
      const next = show ? t.hidePassword : t.showPassword;
      toggle.textContent = next.text;
      toggle.setAttribute('aria-label', next.label);
      toggle.setAttribute('aria-pressed', String(show));
    },
  };
}
export type LoginView = ReturnType<typeof loginView>;
