import Dexie, {
  type DBCore,
  type DBCoreCursor,
  type DBCoreMutateRequest,
  type DBCoreTable,
  type DBCoreTableSchema,
  type Middleware,
} from 'dexie';
import { isSealedBlob, openJson, sealJson } from './seal';

/**
 * How one table is kept. Everything not named here is sealed into the row's `sealed` field, so a field a
 * feature adds tomorrow is encrypted without anyone remembering to: only what the queries need stays
 * readable (the primary key and every indexed key path are added to `clear` by themselves).
 */
export type SealSpec = {
  /** Readable fields besides the keys: flags, versions, counters the screens count or the sync compares. */
  clear?: readonly string[];
  /** File fields: null or a SealedBlob sealed by the store layer before the transaction; a plain Blob is refused. */
  blobs?: readonly string[];
  /** Rows that hold nothing personal are kept whole (meta: the client id must read while locked). */
  keepsClear?: (row: Record<string, unknown>) => boolean;
};
export type SealSpecs = Readonly<Record<string, SealSpec>>;

/** The field that carries a row's sealed part: nonce ‖ AES-256-GCM(JSON of the personal fields). */
export const SEALED_FIELD = 'sealed';

export class PlainFileRefusedError extends Error {
  constructor(table: string, field: string) {
    super(`${table}.${field}: a file must be sealed (vault/seal sealBlob) before it is stored`);
    this.name = 'PlainFileRefusedError';
  }
}

export type Shape = { name: string; clear: Set<string>; blobs: Set<string>; keepsClear?: SealSpec['keepsClear'] };

function keyPaths(schema: DBCoreTableSchema): string[] {
  const paths: string[] = [];
  for (const index of [schema.primaryKey, ...schema.indexes]) {
    const path = index.keyPath;
    if (typeof path === 'string') paths.push(path.split('.')[0]!);
    else if (Array.isArray(path)) paths.push(...path.map((part) => part.split('.')[0]!));
  }
  return paths;
}

export function shapeOf(schema: DBCoreTableSchema, spec: SealSpec | undefined): Shape {
  return {
    name: schema.name,
    clear: new Set([...keyPaths(schema), ...(spec?.clear ?? [])]),
    blobs: new Set(spec?.blobs ?? []),
    keepsClear: spec?.keepsClear,
  };
}

/** The row as stored: readable keys, files as sealed, the rest in one sealed field (absent when nothing is left). */
export function sealRow(shape: Shape, row: Record<string, unknown>): Record<string, unknown> {
  if (shape.keepsClear?.(row)) return row;
  const stored: Record<string, unknown> = {};
  let secret: Record<string, unknown> | null = null;
  for (const field in row) {
    const value = row[field];
    if (shape.clear.has(field)) stored[field] = value;
    else if (shape.blobs.has(field)) {
      if (value != null && !isSealedBlob(value)) throw new PlainFileRefusedError(shape.name, field);
      stored[field] = value;
    } else if (value !== undefined) (secret ??= {})[field] = value;
  }
  if (secret) stored[SEALED_FIELD] = sealJson(secret, shape.name);
  return stored;
}

/** The row as callers know it; a row stored before sealing (no `sealed`) passes as it is. */
export function openRow(shape: Shape, stored: unknown): unknown {
  if (typeof stored !== 'object' || stored === null) return stored;
  const sealed = (stored as Record<string, unknown>)[SEALED_FIELD];
  if (!(sealed instanceof Uint8Array)) return stored;
  // The opened object takes the readable fields: cheaper than copying the row without `sealed` first.
  const row = openJson<Record<string, unknown>>(sealed, shape.name);
  for (const field in stored) if (field !== SEALED_FIELD) row[field] = (stored as Record<string, unknown>)[field];
  return row;
}

/**
 * A row of `table` read without the middleware (ClinicDb's `sealed: false`), opened as the middleware
 * would: its sealed part decrypted with the device's key and joined with its readable fields.
 */
export function openStored(table: string, stored: unknown): unknown {
  return openRow({ name: table, clear: new Set(), blobs: new Set() }, stored);
}

/** Throws inside Dexie's promise chain rather than out of a DBCore call. */
function attempt<T>(work: () => Promise<T>): Promise<T> {
  try {
    return work();
  } catch (error) {
    return Dexie.Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
}

export function openingCursor(shape: Shape, cursor: DBCoreCursor): DBCoreCursor {
  let seen: unknown;
  let opened: unknown;
  // As Dexie's own virtual-index cursor: the native cursor's getters (key, primaryKey) refuse to run with
  // another object as `this` ("Illegal invocation" in a browser; fake-indexeddb does not check), so each is
  // read from the cursor itself. Dexie's methods on the cursor are its own, bound, and found through the prototype.
  return Object.create(cursor, {
    key: { get: (): unknown => cursor.key },
    primaryKey: { get: (): unknown => cursor.primaryKey },
    value: {
      get() {
        const raw: unknown = cursor.value;
        if (raw !== seen) {
          opened = openRow(shape, raw);
          seen = raw;
        }
        return opened;
      },
    },
  }) as DBCoreCursor;
}

function sealingTable(down: DBCoreTable, spec: SealSpec | undefined): DBCoreTable {
  const shape = shapeOf(down.schema, spec);
  const open = (value: unknown) => openRow(shape, value);
  return {
    ...down,
    mutate: (req: DBCoreMutateRequest) =>
      attempt(() =>
        req.type === 'add' || req.type === 'put'
          ? down.mutate({ ...req, values: req.values.map((value) => sealRow(shape, value as Record<string, unknown>)) })
          : down.mutate(req),
      ),
    get: (req) => down.get(req).then(open),
    getMany: (req) => down.getMany(req).then((rows) => rows.map(open)),
    query: (req) =>
      req.values ? down.query(req).then((answer) => ({ ...answer, result: answer.result.map(open) })) : down.query(req),
    openCursor: (req) =>
      req.values ? down.openCursor(req).then((cursor) => cursor && openingCursor(shape, cursor)) : down.openCursor(req),
  };
}

const installed = new WeakMap<Dexie, SealSpecs>();

/**
 * Seals every table of `db` on the way to IndexedDB and opens it on the way back. It sits below Dexie's
 * own layers (level -2: under hooks, the cache and live queries), so they all see plain rows and only
 * IndexedDB sees sealed ones. Tables without a spec are sealed too, all but their keys.
 */
export function installSealing(db: Dexie, specs: SealSpecs): void {
  // `npm run bench` builds a copy without it to print its figures beside these (scripts/bench/unsealed-build.ts).
  // No other build sets the switch, and the bundler drops this line from them.
  if (import.meta.env.VITE_BENCH_UNSEALED === '1') return;
  installed.set(db, specs);
  const middleware: Middleware<DBCore> = {
    stack: 'dbcore',
    name: 'vault-seal',
    level: -2,
    create: (down) => {
      const tables = new Map<string, DBCoreTable>();
      const table = (name: string) => {
        let sealing = tables.get(name);
        if (!sealing) tables.set(name, (sealing = sealingTable(down.table(name), specs[name])));
        return sealing;
      };
      return { ...down, table };
    },
  };
  db.use(middleware);
}

export function sealSpecsOf(db: Dexie): SealSpecs | undefined {
  return installed.get(db);
}
