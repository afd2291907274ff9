import type { Compilable, CompiledQuery, QueryResult } from 'kysely';
import type { Db } from './dialect';

/** Stands in for one parameter while a template is compiled. */
class Slot {
  constructor(readonly key: string) {}
}

type Params = Record<string, unknown>;

export interface QueryTemplate<P extends Params, R> {
  execute(db: Db, params: P): Promise<QueryResult<R>>;
}

/**
 * A query that Kysely builds and compiles once per database (and per set of parameter names), then
 * runs with new parameters. Building and compiling costs more than SQLite takes to run one of our
 * small statements, so the sync push's per-mutation queries use this.
 *
 * `build` receives stand-ins for the params: use each only as a single value (in `values`, `set`,
 * `where` and the like; not a list for `in`), never in JavaScript logic. A param that does not reach
 * the SQL throws.
 */
export function queryTemplate<P extends Params, R>(build: (db: Db, params: P) => Compilable<R>): QueryTemplate<P, R> {
  // By the executor's adapter, which is one per Kysely instance and shared by its transactions.
  const compiled = new WeakMap<object, Map<string, CompiledQuery<R>>>();

  function compile(db: Db, keys: string[]): CompiledQuery<R> {
    // The stand-ins only ever reach Kysely as values; it puts values in `parameters` untouched.
    const slots = Object.fromEntries(keys.map((key) => [key, new Slot(key)])) as P;
    const query = build(db, slots).compile();
    const used = new Set(query.parameters.flatMap((p) => (p instanceof Slot ? [p.key] : [])));
    const unused = keys.filter((key) => !used.has(key));
    if (unused.length > 0) throw new Error(`queryTemplate: ${unused.join(', ')} not used as a value`);
    return query;
  }

  return {
    async execute(db, params) {
      // An undefined value means "leave out", as it does for Kysely's `values()`.
      const keys = Object.keys(params).filter((key) => params[key] !== undefined);
      const adapter = db.getExecutor().adapter;
      let byKeys = compiled.get(adapter);
      if (!byKeys) compiled.set(adapter, (byKeys = new Map<string, CompiledQuery<R>>()));
      const signature = keys.join(',');
      let query = byKeys.get(signature);
      if (!query) byKeys.set(signature, (query = compile(db, keys)));
      const parameters = query.parameters.map((p) => (p instanceof Slot ? params[p.key] : p));
      return db.executeQuery<R>({ ...query, parameters });
    },
  };
}
