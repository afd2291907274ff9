import type { UserRow } from '../db/database';

export interface AuthContext {
  user: UserRow;
  sessionId: string;
}

/** Hono environment of every /api sub-app: requireAuth puts the caller in `auth`. */
export interface AppEnv {
  Variables: { auth: AuthContext };
}
