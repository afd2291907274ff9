import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { USERNAME_PATTERN, normalizeLoginId } from '@clinic/sync-protocol';
import { DEFAULT_AUTH_CONFIG } from './deps';
import { type TrustProxy, parseTrustProxy } from './http/trust-proxy';
import { type LimitsConfig, loadLimits } from './limits-config';
import { s3ConfigOf } from './media/media-config';
import type { S3MediaConfig } from './media/media-store';

export interface ServerConfig {
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  adminUsername: string;
  adminEmail: string;
  adminPassword: string | undefined;
  /** Unset means: read or create `${dataDir}/token-secret` (see loadTokenSecret). */
  tokenSecret: string | undefined;
  /** DEVICE_KEY_SECRET; unset means: read or create `${dataDir}/device-key-secret` (see loadDeviceKeySecret). */
  deviceKeySecret: string | undefined;
  webDist: string;
  accessTokenTtlSeconds: number;
  sessionTtlSeconds: number;
  /** Single-board cameras the pages may reach (CAMERA_ORIGINS, comma-separated http(s) origins). */
  cameraOrigins: string[];
  /** TRUST_PROXY: behind a reverse proxy, how many hops or which addresses (see http/trust-proxy.ts). */
  trustProxy: TrustProxy;
  /** The limits on logins, anonymous logs and each account (limits-config.ts; README 運用). */
  limits: LimitsConfig;
  /** MEDIA_STORE=s3: photos and videos in this bucket; undefined keeps them in DATA_DIR/media. */
  s3: S3MediaConfig | undefined;
}

type Env = Record<string, string | undefined>;

export function loadConfig(env: Env = process.env, cwd = process.cwd()): ServerConfig {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT is not a port number: ${env.PORT}`);
  const adminUsername = normalizeLoginId(env.ADMIN_USERNAME ?? 'admin');
  if (!USERNAME_PATTERN.test(adminUsername))
    throw new Error(`ADMIN_USERNAME is not a valid user name: ${adminUsername}`);
  return {
    port,
    dataDir: resolve(cwd, env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    adminUsername,
    adminEmail: normalizeLoginId(env.ADMIN_EMAIL || 'admin@clinic.local'),
    adminPassword: env.ADMIN_PASSWORD || undefined,
    tokenSecret: tokenSecretOf(env.TOKEN_SECRET),
    deviceKeySecret: secretOf('DEVICE_KEY_SECRET', env.DEVICE_KEY_SECRET),
    // From this file's place in the repo, so `npm start` works from any working directory.
    webDist: env.WEB_DIST ? resolve(cwd, env.WEB_DIST) : fileURLToPath(new URL('../../web/dist', import.meta.url)),
    cameraOrigins: cameraOriginsOf(env.CAMERA_ORIGINS),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    limits: loadLimits(env),
    s3: s3ConfigOf(env),
    ...DEFAULT_AUTH_CONFIG,
  };
}

/** Shorter than this, the key that signs login tokens could be found by guessing offline from one token. */
export const TOKEN_SECRET_MIN_LENGTH = 32;

/** A secret given in the environment: refused when too short, as TOKEN_SECRET is. */
function secretOf(name: string, value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (value.length < TOKEN_SECRET_MIN_LENGTH)
    throw new Error(
      `${name} は${TOKEN_SECRET_MIN_LENGTH}文字以上にしてください（今は${value.length}文字） / ${name} is too short: ` +
        `${value.length} characters, at least ${TOKEN_SECRET_MIN_LENGTH} are needed (\`openssl rand -base64 48\`).`,
    );
  return value;
}

/** TOKEN_SECRET when set: refused when too short, so a weak key never signs a token. */
function tokenSecretOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  if (value.length < TOKEN_SECRET_MIN_LENGTH) {
    throw new Error(
      `TOKEN_SECRET は${TOKEN_SECRET_MIN_LENGTH}文字以上にしてください（今は${value.length}文字） / TOKEN_SECRET is too short: ` +
        `${value.length} characters, at least ${TOKEN_SECRET_MIN_LENGTH} are needed. Make one with \`openssl rand -base64 48\`, ` +
        'or unset TOKEN_SECRET and the server keeps its own in DATA_DIR/token-secret.',
    );
  }
  return value;
}

/** Each entry must be an http(s) origin: anything else in a CSP would be a hole or a typo. */
function cameraOriginsOf(value: string | undefined): string[] {
  const entries = (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return entries.map((entry) => {
    const url = URL.canParse(entry) ? new URL(entry) : null;
    if (!url || !/^https?:$/.test(url.protocol) || url.origin !== entry.replace(/\/$/, '')) {
      throw new Error(`CAMERA_ORIGINS: not an http(s) origin: ${entry}`);
    }
    return url.origin;
  });
}

/**
 * The JWT signing key. Kept in the data directory so tokens survive a restart, and made on first
 * start so a fresh install needs no setup. Readable by the server's user only.
 */
export const loadTokenSecret = (dataDir: string): string => loadSecret(dataDir, 'token-secret');

/**
 * The key that seals the tablets' escrowed keys in the database (issue 34): a file of its own beside the
 * token secret, so a copy of the database or of a backup opens no tablet, and logging everyone out
 * (a new token secret) does not lose the tablets' keys. Keep it apart from the backups.
 */
export const loadDeviceKeySecret = (dataDir: string): string => loadSecret(dataDir, 'device-key-secret');

function loadSecret(dataDir: string, name: string): string {
  const file = join(dataDir, name);
  if (existsSync(file)) {
    const secret = readFileSync(file, 'utf8').trim();
    if (secret.length >= 32) return secret;
  }
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600); // writeFileSync's mode does not apply to an existing file
  return secret;
}
