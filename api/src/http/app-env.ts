import type { UserRow } from '../db/database';
import type { QuotaSender } from './storage-quota';

export interface AuthContext {
  user: UserRow;
  sessionId: string;
}

/**
 * Hono environment of every /api sub-app: requireAuth puts the caller in `auth`; strangerUploads
 * puts who sends to a route without login in `sender`.
 */
export interface AppEnv {
  Variables: { auth: AuthContext; sender: QuotaSender };
}
