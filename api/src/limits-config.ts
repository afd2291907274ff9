import { LOGIN_LIMITS, type LoginLimits } from './auth/login-throttle';
import { ACCOUNT_LIMITS, type AccountLimits } from './http/account-limits';
import { ANONYMOUS_STORAGE_LIMITS } from './http/anonymous-storage';
import type { StorageLimits } from './http/storage-quota';
import { STRANGER_UPLOAD_LIMITS, type StrangerUploadLimits } from './http/stranger-uploads';

type Env = Record<string, string | undefined>;

const MiB = 1024 * 1024;

/** The limits an administrator may raise (README 運用): each variable unset keeps the default. */
export interface LimitsConfig {
  loginLimits: LoginLimits;
  anonymousStorage: StorageLimits;
  accountLimits: AccountLimits;
  strangerUploads: StrangerUploadLimits;
}

/** A positive number from the environment (else `fallback`), in `unit`s; a typo stops the server rather than lifting a limit. */
function amount(env: Env, name: string, fallback: number, unit = 1): number {
  const text = env[name]?.trim();
  if (text === undefined || text === '') return Math.floor(fallback * unit);
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} is not a positive number: ${text}`);
  return Math.floor(value * unit);
}

/** A rate a second: may be below 1 (0.5, one every two seconds), so it is not rounded down to none. */
function rate(env: Env, name: string, fallback: number): number {
  const text = env[name]?.trim();
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} is not a positive number: ${text}`);
  return value;
}

export function loadLimits(env: Env): LimitsConfig {
  const share = amount(env, 'ANONYMOUS_ADDRESS_PERCENT', (ANONYMOUS_STORAGE_LIMITS.addressShare ?? 1) * 100);
  if (share > 100) throw new Error(`ANONYMOUS_ADDRESS_PERCENT is over 100: ${share}`);
  return {
    loginLimits: {
      ...LOGIN_LIMITS,
      addressMaxFailures: amount(env, 'LOGIN_ADDRESS_MAX_FAILURES', LOGIN_LIMITS.addressMaxFailures),
      addressMaxPending: amount(env, 'LOGIN_ADDRESS_MAX_PENDING', LOGIN_LIMITS.addressMaxPending),
      strangerChecksPerSecond: rate(env, 'LOGIN_STRANGER_CHECKS_PER_SECOND', LOGIN_LIMITS.strangerChecksPerSecond),
    },
    anonymousStorage: {
      dailyBytes: amount(env, 'ANONYMOUS_DAILY_MB', ANONYMOUS_STORAGE_LIMITS.dailyBytes / MiB, MiB),
      totalBytes: amount(env, 'ANONYMOUS_TOTAL_MB', ANONYMOUS_STORAGE_LIMITS.totalBytes / MiB, MiB),
      addressShare: share / 100,
    },
    strangerUploads: {
      ...STRANGER_UPLOAD_LIMITS,
      perSecond: rate(env, 'ANONYMOUS_STRANGER_UPLOADS_PER_SECOND', STRANGER_UPLOAD_LIMITS.perSecond),
    },
    accountLimits: {
      rejectionBytesPerPush: amount(
        env,
        'ACCOUNT_REJECTIONS_MB_PER_PUSH',
        ACCOUNT_LIMITS.rejectionBytesPerPush / MiB,
        MiB,
      ),
      rejectionBytesPerDay: amount(
        env,
        'ACCOUNT_REJECTIONS_MB_PER_DAY',
        ACCOUNT_LIMITS.rejectionBytesPerDay / MiB,
        MiB,
      ),
      openUploads: amount(env, 'ACCOUNT_OPEN_UPLOADS', ACCOUNT_LIMITS.openUploads),
      uploadBytesPerDay: amount(env, 'ACCOUNT_UPLOAD_MB_PER_DAY', ACCOUNT_LIMITS.uploadBytesPerDay / MiB, MiB),
    },
  };
}
