import type { Kysely } from 'kysely';
import type { Database } from './db/database';
import type { ScryptCost } from './auth/password';
import type { MediaOptions } from './media/media-store';
import type { StorageLimits, StorageQuota } from './http/storage-quota';
import type { TrustProxy } from './http/trust-proxy';
import type { LoginLimits, LoginThrottle } from './auth/login-throttle';
import type { AccountLimits } from './http/account-limits';
import type { SharedState } from './cluster/shared-state';
import type { SealKeys } from './sync/seal-keys';
import type { StrangerBudget, StrangerUploadLimits } from './http/stranger-uploads';

export interface AuthConfig {
  tokenSecret: string;
  /**
   * Seals the tablets' escrowed keys in the database (device-keys/escrow-seal.ts): DEVICE_KEY_SECRET or
   * DATA_DIR/device-key-secret, outside the database. Tests leave it out; the token secret stands in.
   */
  deviceKeySecret?: string;
  accessTokenTtlSeconds: number;
  sessionTtlSeconds: number;
  /** scrypt cost; production uses the default. Tests may pass a lower one for speed. */
  passwordHashCost?: ScryptCost;
  /** Per address and per account bounds on login attempts; LOGIN_LIMITS by default (LOGIN_* variables). */
  loginLimits?: LoginLimits;
  /**
   * Uploads a second without login stored for senders the clinic does not know (beside the strangers'
   * password checks of loginLimits); STRANGER_UPLOAD_LIMITS by default (ANONYMOUS_STRANGER_UPLOADS_PER_SECOND).
   */
  strangerUploads?: StrangerUploadLimits;
}

export interface AppDeps {
  db: Kysely<Database>;
  config: AuthConfig;
  /** Read through Date.now() by default, so fake Date timers in tests move it. */
  now?: () => Date;
  /** Photos and videos: DATA_DIR/media when served; tests pass a temporary folder (and may pass smaller limits). */
  media?: MediaOptions;
  /**
   * Origins of single-board cameras on the clinic's network (CAMERA_ORIGINS, comma-separated). The page
   * may reach only these besides its own origin (CSP), so a camera address set on a tablet works only
   * once the administrator has named it here.
   */
  cameraOrigins?: readonly string[];
  /** TRUST_PROXY: whose X-Forwarded-* headers are believed (none by default). */
  trustProxy?: TrustProxy;
  /** What the routes used without logging in may keep; ANONYMOUS_STORAGE_LIMITS by default (tests pass small ones). */
  anonymousStorage?: StorageLimits;
  /** Per account caps on refused changes and uploads; ACCOUNT_LIMITS by default (ACCOUNT_* variables). */
  accountLimits?: AccountLimits;
  /** The keys of sealed pushes (sync/seal-keys.ts): DATA_DIR/seal-keys.json or SEAL_PRIVATE_KEY; tests get their own. */
  sealKeys?: SealKeys | Promise<SealKeys>;
}

/** Deps with every default filled in; what the sub-apps receive. */
export interface Ctx {
  db: Kysely<Database>;
  config: AuthConfig;
  now: () => Date;
  /** The one byte budget of device error logs, operation logs and their photos together. */
  anonymousStorage: StorageQuota;
  /** Failed logins per address and checks under way per account, before any password is hashed. */
  loginThrottle: LoginThrottle;
  accountLimits: AccountLimits;
  /** Counts and locks every API process must share: memory for one (SQLite), PostgreSQL for a cluster. */
  shared: SharedState;
  sealKeys: () => Promise<SealKeys>;
  /** The stored uploads a second that senders the clinic does not know share (stranger-uploads.ts). */
  strangerUploads: StrangerBudget;
}

export const DEFAULT_AUTH_CONFIG = {
  accessTokenTtlSeconds: 15 * 60,
  sessionTtlSeconds: 12 * 60 * 60,
} as const;
