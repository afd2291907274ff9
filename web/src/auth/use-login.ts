import { loginRequestSchema, type LoginRequest, type User } from '@clinic/sync-protocol';
import { useCallback, useRef, useState } from 'react';
import { postLogin } from '../api/auth-api';
import { sessionStore } from './session-store';

/**
 * Logs in and stores the session. Throws ApiError (server/network), SessionStorageError (storage)
 * or ZodError (invalid input; the form validates first, so that is a programming error).
 */
export function useLogin() {
  const [pending, setPending] = useState(false);
  const busy = useRef(false);

  const login = useCallback(async (input: LoginRequest): Promise<User> => {
    if (busy.current) throw new Error('login already in progress');
    // Trims and lower-cases the identifier exactly as the server compares it (spec 5).
    const body = loginRequestSchema.parse(input);
    busy.current = true;
    setPending(true);
    try {
      const res = await postLogin(body);
      sessionStore.start(res);
      return res.user;
    } finally {
      busy.current = false;
      setPending(false);
    }
  }, []);

  return { login, pending };
}
