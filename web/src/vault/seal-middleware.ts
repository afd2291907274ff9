import Dexie, {
  type DBCore,
  type DBCoreCursor,
  type DBCoreMutateRequest,
  type DBCoreMutateResponse,
  type DBCoreTable,
  type Middleware,
} from 'dexie';
import { type Opened, type SealSpecs, type Shape, openRow, sealRow, shapeOf } from './seal-row';
import { lendRawTables, moveAsideLater } from './set-aside-move';
import { reportSetAside } from './set-aside';

export {
  type SealSpec,
  type SealSpecs,
  type Shape,
  PlainFileRefusedError,
  SEALED_FIELD,
  UnlistedIndexError,
  sealRow,
  shapeOf,
} from './seal-row';

type Row = Record<string, unknown>;

/**
 * A row of `table` read without the middleware (ClinicDb's `sealed: false`), opened as the middleware
 * would: its sealed part decrypted with the device's key (bound to `table` and `key`) and joined with its
 * readable fields. Undefined when it does not open (see openRow).
 */
export function openStored(specs: SealSpecs, table: string, stored: unknown, key: unknown): unknown {
  const opened = openRow(
    { name: table, readable: new Set(specs[table]?.readable), blobs: new Set(specs[table]?.blobs), keyOf: () => key },
    stored,
    key,
  );
  return 'row' in opened ? opened.row : undefined;
}

/** Throws inside Dexie's promise chain rather than out of a DBCore call. */
function attempt<T>(work: () => Promise<T>): Promise<T> {
  try {
    return work();
  } catch (error) {
    return Dexie.Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
}

/** Where refused rows go: reported, and moved out of the table where the database has a store for them. */
type Refuse = (shape: Shape, key: unknown, opened: Exclude<Opened, { row: unknown }>) => void;

export function openingCursor(shape: Shape, cursor: DBCoreCursor, refuse?: Refuse): DBCoreCursor {
  let seen: unknown;
  let opened: Opened = { row: undefined };
  const open = (): Opened => {
    const raw: unknown = cursor.value;
    if (raw !== seen) {
      opened = openRow(shape, raw, cursor.primaryKey);
      seen = raw;
    }
    return opened;
  };
  // As Dexie's own virtual-index cursor: the native cursor's getters (key, primaryKey) refuse to run with
  // another object as `this` ("Illegal invocation" in a browser; fake-indexeddb does not check), so each is
  // read from the cursor itself. Dexie's methods on the cursor are its own, bound, and found through the prototype.
  return Object.create(cursor, {
    key: { get: (): unknown => cursor.key },
    primaryKey: { get: (): unknown => cursor.primaryKey },
    value: { get: (): unknown => ('row' in open() ? (opened as { row: unknown }).row : undefined) },
    // A refused row is stepped over: the caller never sees its position.
    start: {
      value: (onNext: () => void) =>
        cursor.start(() => {
          const now = open();
          if ('row' in now) return onNext();
          refuse?.(shape, cursor.primaryKey, now);
          cursor.continue();
        }),
    },
  }) as DBCoreCursor;
}

/** Rows of a table that numbers its own keys (`++id`): numbered first with their readable fields, then sealed under their number. */
async function addNumbered(down: DBCoreTable, shape: Shape, req: DBCoreMutateRequest & { type: 'add' }) {
  const keyPath = down.schema.primaryKey.keyPath as string;
  const readable = (row: Row) => Object.fromEntries(Object.entries(row).filter(([field]) => shape.readable.has(field)));
  const numbered: DBCoreMutateResponse = await down.mutate({
    ...req,
    values: req.values.map((v) => readable(v as Row)),
  });
  const values = (numbered.results ?? []).flatMap((key: unknown, i) =>
    numbered.failures[i] ? [] : [sealRow(shape, { ...(req.values[i] as Row), [keyPath]: key }, key)],
  );
  if (values.length) await down.mutate({ type: 'put', trans: req.trans, values });
  return numbered;
}

function seal(down: DBCoreTable, shape: Shape, req: DBCoreMutateRequest): Promise<DBCoreMutateResponse> {
  if (req.type !== 'add' && req.type !== 'put') return down.mutate(req);
  const keys = req.values.map((value, i) => shape.keyOf(value) ?? (req.keys?.[i] as unknown));
  if (req.type === 'add' && keys.some((key) => key === undefined) && down.schema.primaryKey.autoIncrement)
    return addNumbered(down, shape, req);
  return down.mutate({ ...req, values: req.values.map((value, i) => sealRow(shape, value as Row, keys[i])) });
}

function sealingTable(down: DBCoreTable, shape: Shape, refuse: Refuse): DBCoreTable {
  const open = (stored: unknown, key: unknown): unknown => {
    const opened = openRow(shape, stored, key);
    if ('row' in opened) return opened.row;
    refuse(shape, key, opened);
    return undefined;
  };
  const openFound = (stored: unknown) => (stored === undefined ? undefined : open(stored, shape.keyOf(stored)));
  return {
    ...down,
    mutate: (req) => attempt(() => seal(down, shape, req)),
    get: (req) => down.get(req).then((stored) => (stored === undefined ? undefined : open(stored, req.key))),
    getMany: (req) =>
      down
        .getMany(req)
        .then((rows) => rows.map((stored, i) => (stored === undefined ? undefined : open(stored, req.keys[i])))),
    query: (req) =>
      req.values
        ? down.query(req).then((answer) => {
            const result: unknown[] = [];
            for (const stored of answer.result) {
              const row = openFound(stored);
              if (row !== undefined) result.push(row);
            }
            return { ...answer, result };
          })
        : down.query(req),
    openCursor: (req) =>
      req.values
        ? down.openCursor(req).then((cursor) => cursor && openingCursor(shape, cursor, refuse))
        : down.openCursor(req),
  };
}

const installed = new WeakMap<Dexie, SealSpecs>();

/**
 * Seals every table of `db` on the way to IndexedDB and opens it on the way back. It sits below Dexie's
 * own layers (level -2: under hooks, the cache and live queries), so they all see plain rows and only
 * IndexedDB sees sealed ones. Every table needs a spec; an index on a field the spec does not list as
 * readable makes the database fail to open (UnlistedIndexError). A row that does not open is skipped by
 * every read, reported and moved aside (set-aside.ts).
 */
export function installSealing(db: Dexie, specs: SealSpecs): void {
  // `npm run bench` builds a copy without it to print its figures beside these (scripts/bench/unsealed-build.ts).
  // No other build sets the switch, and the bundler drops this line from them.
  if (import.meta.env.VITE_BENCH_UNSEALED === '1') return;
  installed.set(db, specs);
  const refuse: Refuse = (shape, key, opened) => {
    reportSetAside({ database: db.name, table: shape.name, reason: opened.refused }, key);
    moveAsideLater(db, shape, key);
  };
  const middleware: Middleware<DBCore> = {
    stack: 'dbcore',
    name: 'vault-seal',
    level: -2,
    create: (down) => {
      // Every shape at once, so a table whose index is not listed stops the database opening, not a later read.
      const shapes = new Map(down.schema.tables.map((schema) => [schema.name, shapeOf(schema, specs[schema.name])]));
      lendRawTables(db, (name) => down.table(name));
      const tables = new Map<string, DBCoreTable>();
      const table = (name: string) => {
        let sealing = tables.get(name);
        if (!sealing) tables.set(name, (sealing = sealingTable(down.table(name), shapes.get(name)!, refuse)));
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
