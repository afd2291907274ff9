import type { Kysely } from 'kysely';
import type { Database } from './db/database';
import type { ScryptCost } from './auth/password';

export interface AuthConfig {
  tokenSecret: string;
  accessTokenTtlSeconds: number;
  sessionTtlSeconds: number;
  /** scrypt cost; production uses the default. Tests may pass a lower one for speed. */
  passwordHashCost?: ScryptCost;
}

export interface AppDeps {
  db: Kysely<Database>;
  config: AuthConfig;
  /** Read through Date.now() by default, so fake Date timers in tests move it. */
  now?: () => Date;
}

/** Deps with every default filled in; what the sub-apps receive. */
export interface Ctx {
  db: Kysely<Database>;
  config: AuthConfig;
  now: () => Date;
}

export const DEFAULT_AUTH_CONFIG = {
  accessTokenTtlSeconds: 15 * 60,
  sessionTtlSeconds: 12 * 60 * 60,
} as const;
