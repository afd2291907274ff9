import { chmodSync, existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type EcJwk, type SealPublicKey, type WebKey, sealKeyId } from '@clinic/sync-protocol/sealed';

/*
 * The server's keys for sealed pushes (issue 37): tablets seal the pushes their service worker keeps to
 * the current public key; the private keys open them. Kept in DATA_DIR/seal-keys.json (0600, in the
 * backup) or given as SEAL_PRIVATE_KEY (+ SEAL_PREVIOUS_PRIVATE_KEYS), which several API processes share.
 * A rotation keeps the previous key accepted for SEAL_PREVIOUS_KEY_DAYS (30 by default): a tablet that
 * sealed its queue last week still gets it through.
 */

export const SEAL_KEYS_FILE = 'seal-keys.json';
export const DEFAULT_PREVIOUS_KEY_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
const ECDH = { name: 'ECDH', namedCurve: 'P-256' } as const;

type PrivateJwk = EcJwk & { kty: 'EC'; crv: 'P-256'; d: string };
/** The file: the current key and those rotated out, each with when it was retired. */
export type SealKeysFile = { current: PrivateJwk; previous: Array<{ jwk: PrivateJwk; retiredAt: string }> };

export type SealKeys = {
  /** What GET /api/sync/seal-key gives the tablets. */
  current: SealPublicKey;
  /** The private key for `kid`, if it is still accepted at `now`. */
  find(kid: string, now: Date): WebKey | null;
};

type Entry = { kid: string; key: WebKey; until: number };

async function entryOf(jwk: PrivateJwk, until: number): Promise<{ entry: Entry; publicJwk: EcJwk }> {
  const key = await crypto.subtle.importKey('jwk', jwk, ECDH, false, ['deriveBits']);
  const publicJwk = { kty: 'EC', crv: 'P-256', x: jwk.x, y: jwk.y };
  const publicKey = await crypto.subtle.importKey('jwk', publicJwk, ECDH, true, []);
  return { entry: { kid: await sealKeyId(publicKey), key, until }, publicJwk };
}

/** Keys from JWKs: the current one, and previous ones each accepted until its time. */
export async function sealKeysOf(current: PrivateJwk, previous: Array<{ jwk: PrivateJwk; until: number }>) {
  const head = await entryOf(current, Infinity);
  const rest = await Promise.all(previous.map((p) => entryOf(p.jwk, p.until)));
  const entries = [head.entry, ...rest.map((r) => r.entry)];
  const keys: SealKeys = {
    current: { kid: head.entry.kid, jwk: head.publicJwk },
    find: (kid, now) => entries.find((e) => e.kid === kid && now.getTime() <= e.until)?.key ?? null,
  };
  return keys;
}

export async function newPrivateJwk(): Promise<PrivateJwk> {
  const pair = await crypto.subtle.generateKey(ECDH, true, ['deriveBits']);
  const jwk = await crypto.subtle.exportKey('jwk', pair.privateKey);
  return { kty: 'EC', crv: 'P-256', x: jwk.x!, y: jwk.y!, d: jwk.d! };
}

function parseJwk(text: string, name: string): PrivateJwk {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error(`${name} is not a JSON Web Key (P-256, with "d")`);
  }
  return checkJwk(value, name);
}

function checkJwk(value: unknown, name: string): PrivateJwk {
  const jwk = value as Partial<PrivateJwk> | null;
  if (!jwk || jwk.kty !== 'EC' || jwk.crv !== 'P-256' || !jwk.x || !jwk.y || !jwk.d)
    throw new Error(`${name} is not a P-256 private JSON Web Key (kty EC, crv P-256, x, y, d)`);
  return { kty: 'EC', crv: 'P-256', x: jwk.x, y: jwk.y, d: jwk.d };
}

type Env = Record<string, string | undefined>;

function previousDays(env: Env): number {
  const days = Number(env.SEAL_PREVIOUS_KEY_DAYS ?? DEFAULT_PREVIOUS_KEY_DAYS);
  if (!Number.isFinite(days) || days < 0) throw new Error(`SEAL_PREVIOUS_KEY_DAYS is not a number of days`);
  return days;
}

export function readSealKeysFile(dataDir: string): SealKeysFile | null {
  const file = join(dataDir, SEAL_KEYS_FILE);
  if (!existsSync(file)) return null;
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<SealKeysFile>;
  return {
    current: checkJwk(parsed.current, SEAL_KEYS_FILE),
    previous: (parsed.previous ?? []).map((p) => ({ jwk: checkJwk(p.jwk, SEAL_KEYS_FILE), retiredAt: p.retiredAt })),
  };
}

/** Written whole (a temporary file renamed into place), readable by the server's user only. */
export function writeSealKeysFile(dataDir: string, keys: SealKeysFile): void {
  const file = join(dataDir, SEAL_KEYS_FILE);
  const partial = `${file}.partial-${process.pid}`;
  writeFileSync(partial, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600 });
  chmodSync(partial, 0o600);
  renameSync(partial, file);
}

/**
 * The keys the server uses: from the environment when SEAL_PRIVATE_KEY is set (a JWK; earlier ones in
 * SEAL_PREVIOUS_PRIVATE_KEYS, a JSON array, accepted while listed), else DATA_DIR/seal-keys.json, made on
 * first start.
 */
export async function loadSealKeys(dataDir: string, env: Env = process.env): Promise<SealKeys> {
  if (env.SEAL_PRIVATE_KEY) {
    const current = parseJwk(env.SEAL_PRIVATE_KEY, 'SEAL_PRIVATE_KEY');
    const listed = env.SEAL_PREVIOUS_PRIVATE_KEYS ? (JSON.parse(env.SEAL_PREVIOUS_PRIVATE_KEYS) as unknown) : [];
    if (!Array.isArray(listed)) throw new Error('SEAL_PREVIOUS_PRIVATE_KEYS must be a JSON array of JWKs');
    return sealKeysOf(
      current,
      listed.map((jwk) => ({ jwk: checkJwk(jwk, 'SEAL_PREVIOUS_PRIVATE_KEYS'), until: Infinity })),
    );
  }
  let stored = readSealKeysFile(dataDir);
  if (!stored) {
    stored = { current: await newPrivateJwk(), previous: [] };
    writeSealKeysFile(dataDir, stored);
  }
  const keep = previousDays(env) * DAY_MS;
  return sealKeysOf(
    stored.current,
    stored.previous.map((p) => ({ jwk: p.jwk, until: Date.parse(p.retiredAt) + keep })),
  );
}

/** A new current key; the old one is accepted SEAL_PREVIOUS_KEY_DAYS more (npm run rotate-seal-key). */
export async function rotateSealKeys(dataDir: string, now: Date): Promise<SealKeysFile> {
  const stored = readSealKeysFile(dataDir) ?? { current: await newPrivateJwk(), previous: [] };
  const next: SealKeysFile = {
    current: await newPrivateJwk(),
    previous: [{ jwk: stored.current, retiredAt: now.toISOString() }, ...stored.previous],
  };
  writeSealKeysFile(dataDir, next);
  return next;
}

/**
 * After a restore: the keys of the backup join those the server has now (as previous ones, retired now),
 * so a body sealed to either opens; nothing the current server holds is lost.
 */
export function mergeSealKeys(current: SealKeysFile | null, restored: SealKeysFile, now: Date): SealKeysFile {
  if (!current) return restored;
  const known = new Set([current.current.d, ...current.previous.map((p) => p.jwk.d)]);
  const added = [restored.current, ...restored.previous.map((p) => p.jwk)]
    .filter((jwk) => !known.has(jwk.d))
    .map((jwk) => ({ jwk, retiredAt: now.toISOString() }));
  return { current: current.current, previous: [...current.previous, ...added] };
}

/** Tests and a server given none: a key of its own, in memory. */
export async function ephemeralSealKeys(): Promise<SealKeys> {
  return sealKeysOf(await newPrivateJwk(), []);
}
