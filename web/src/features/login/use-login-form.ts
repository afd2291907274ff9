import { useState } from 'react';
import { useLogin } from '../../auth/use-login';
import { useToast } from '../../components/toast';
import { ja } from '../../i18n/ja';
import { loginErrorMessage } from './login-error';
import { toLoginRequest, type LoginFormValues } from './login-validation';

/**
 * Submits the login form. On success the session store changes and the page's redirect takes
 * the user on; here we only announce it. On failure the message for the alert is kept.
 */
export function useLoginForm() {
  const { login, pending } = useLogin();
  const toast = useToast();
  const [error, setError] = useState<string | null>(null);

  const submit = async (values: LoginFormValues) => {
    if (pending) return;
    setError(null);
    try {
      await login(toLoginRequest(values));
      toast.success(ja.login.success);
    } catch (err) {
      setError(loginErrorMessage(err, navigator.onLine));
    }
  };

  return { submit, pending, error };
}
