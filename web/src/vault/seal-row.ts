import type { DBCoreTableSchema } from 'dexie';
import { openLegacyJson } from './legacy-open';
import { boundTo, isCurrentFormat, isSealedBlob, openJson, sealJson } from './seal';
import { deviceSealed, plainRowsAccepted } from './seal-mode';
import type { SetAsideReason } from './set-aside';

/**
 * How one table is kept. Everything not in `readable` is sealed into the row's `sealed` field, so a field
 * a feature adds tomorrow is encrypted without anyone remembering to. `readable` is the whole list (the
 * primary key and every index included): an index on a field not in it stops the database from opening.
 */
export type SealSpec = {
  /** The fields kept in clear: the keys, the indexed fields, flags and counters the screens read without opening a row. */
  readable: readonly string[];
  /** File fields: null or a SealedBlob sealed by the store layer before the transaction; a plain Blob is refused. */
  blobs?: readonly string[];
  /** Rows that hold nothing personal are kept whole (meta: the client id must read while locked). */
  keepsClear?: (row: Record<string, unknown>) => boolean;
};
export type SealSpecs = Readonly<Record<string, SealSpec>>;

/** The field that carries a row's sealed part: FORMAT ‖ nonce ‖ XChaCha20-Poly1305(JSON of the personal fields). */
export const SEALED_FIELD = 'sealed';

export class PlainFileRefusedError extends Error {
  constructor(table: string, field: string) {
    super(`${table}.${field}: a file must be sealed (vault/seal sealBlob) before it is stored`);
    this.name = 'PlainFileRefusedError';
  }
}

export class UnlistedIndexError extends Error {
  constructor(table: string, path: string) {
    super(`${table}: the index on "${path}" would keep it readable; list it in vault/seal-specs.ts if it may be`);
    this.name = 'UnlistedIndexError';
  }
}

export type Shape = {
  name: string;
  readable: Set<string>;
  blobs: Set<string>;
  keepsClear?: SealSpec['keepsClear'];
  /** The row's primary key from its value (every sealed table keeps its key in the row). */
  keyOf: (row: unknown) => unknown;
};

/** The top-level fields a key path reads (`a.b` reads `a`; a compound index reads each part). */
function keyPathFields(path: string | string[] | null): string[] {
  if (path === null) return [];
  return (typeof path === 'string' ? [path] : path).map((part) => part.split('.')[0]!);
}

/** The table's shape; throws when an index (or the key) reads a field its spec does not list as readable. */
export function shapeOf(schema: DBCoreTableSchema, spec: SealSpec | undefined): Shape {
  const readable = new Set(spec?.readable ?? []);
  for (const index of [schema.primaryKey, ...schema.indexes])
    for (const field of keyPathFields(index.keyPath))
      if (!readable.has(field)) throw new UnlistedIndexError(schema.name, field);
  if (schema.primaryKey.keyPath === null) throw new Error(`${schema.name}: a sealed table keeps its key in the row`);
  const extract = schema.primaryKey.extractKey;
  return {
    name: schema.name,
    readable,
    blobs: new Set(spec?.blobs ?? []),
    keepsClear: spec?.keepsClear,
    keyOf: (row) => (extract ? (extract(row) as unknown) : undefined),
  };
}

/** The row as stored: readable fields, files as sealed, the rest in one sealed field bound to the row's key. */
export function sealRow(shape: Shape, row: Record<string, unknown>, key: unknown): Record<string, unknown> {
  if (shape.keepsClear?.(row)) return row;
  const stored: Record<string, unknown> = {};
  let secret: Record<string, unknown> | null = null;
  for (const field in row) {
    const value = row[field];
    if (shape.readable.has(field)) stored[field] = value;
    else if (shape.blobs.has(field)) {
      if (value != null && !isSealedBlob(value)) throw new PlainFileRefusedError(shape.name, field);
      stored[field] = value;
    } else if (value !== undefined) (secret ??= {})[field] = value;
  }
  if (secret) stored[SEALED_FIELD] = sealJson(secret, boundTo(shape.name, key));
  return stored;
}

/** Whether the row has a personal field in clear (the shape of an older version's row, or a planted one). */
function hasPlainField(shape: Shape, stored: Record<string, unknown>): boolean {
  for (const field in stored) {
    if (field === SEALED_FIELD || shape.readable.has(field) || stored[field] === undefined) continue;
    if (!shape.blobs.has(field)) return true;
  }
  return false;
}

function hasPlainFile(shape: Shape, stored: Record<string, unknown>): boolean {
  for (const field of shape.blobs) if (stored[field] != null && !isSealedBlob(stored[field])) return true;
  return false;
}

/** An opened row, or why it is refused. */
export type Opened = { row: unknown } | { refused: SetAsideReason };

/** The sealed part opened: the current format bound to the key; before the device is sealed, an issue-25 row too. */
function openSealed(shape: Shape, sealed: Uint8Array, key: unknown): Record<string, unknown> | null {
  if (isCurrentFormat(sealed)) {
    try {
      return openJson<Record<string, unknown>>(sealed, boundTo(shape.name, key));
    } catch (error) {
      rethrowLocked(error);
      // An older row's random nonce may start with the format byte: it is tried as one below.
      if (deviceSealed()) return null;
    }
  }
  if (deviceSealed()) return null;
  try {
    return openLegacyJson(sealed, shape.name) as Record<string, unknown>;
  } catch (error) {
    return rethrowLocked(error);
  }
}

/** A locked vault is no verdict on the row: the read fails, as every read without the key does. */
function rethrowLocked(error: unknown): null {
  if (error instanceof Error && error.name === 'VaultLockedError') throw error;
  return null;
}

/**
 * The row as callers know it, or why it may not be shown. A row with nothing personal needs no seal; a row
 * in clear passes only on a device never sealed (seal-mode): an older version's, read as it is.
 */
export function openRow(shape: Shape, stored: unknown, key: unknown): Opened {
  if (typeof stored !== 'object' || stored === null) return { row: stored };
  const fields = stored as Record<string, unknown>;
  if (shape.keepsClear?.(fields)) return { row: stored };
  const sealed = fields[SEALED_FIELD];
  if (hasPlainFile(shape, fields) && deviceSealed()) return { refused: 'plain-file' };
  if (!(sealed instanceof Uint8Array)) {
    if (sealed !== undefined) return { refused: 'does-not-open' };
    return hasPlainField(shape, fields) && !plainRowsAccepted() ? { refused: 'plain' } : { row: stored };
  }
  if (hasPlainField(shape, fields) && deviceSealed()) return { refused: 'plain' };
  const row = openSealed(shape, sealed, key);
  if (!row) return { refused: 'does-not-open' };
  // The opened object takes the readable fields and files (nothing else: a field in clear beside the seal is
  // not the row's): cheaper than copying the row without `sealed` first.
  for (const field in fields) if (shape.readable.has(field) || shape.blobs.has(field)) row[field] = fields[field];
  return { row };
}

/** Whether the row is as this version writes it: no field in clear, its seal and files bound to its key. */
export function isCurrentRow(shape: Shape, stored: Record<string, unknown>, key: unknown): boolean {
  if (shape.keepsClear?.(stored)) return true;
  if (hasPlainField(shape, stored)) return false;
  for (const field of shape.blobs) {
    const file = stored[field];
    if (file != null && !(isSealedBlob(file) && file.v === 2)) return false;
  }
  const sealed = stored[SEALED_FIELD];
  if (sealed === undefined) return true;
  if (!(sealed instanceof Uint8Array) || !isCurrentFormat(sealed)) return false;
  try {
    openJson(sealed, boundTo(shape.name, key));
    return true;
  } catch (error) {
    return rethrowLocked(error) ?? false;
  }
}
