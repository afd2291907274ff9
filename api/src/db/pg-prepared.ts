import { createHash } from 'node:crypto';
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';

/** Per connection; past it, statements go unnamed (SQL that varies, like long IN lists, cannot fill memory). */
export const PREPARED_PER_CONNECTION = 500;

/** Only plain data statements: BEGIN, SAVEPOINT and the like gain nothing from being prepared. */
const PREPARABLE = /^\s*(?:select|insert|update|delete|with)\b/i;

/**
 * Kysely's PostgreSQL driver sends every query as an unnamed statement, so PostgreSQL parses, analyses
 * and plans the same few dozen statements again on every request: a push or a pull runs some twenty.
 * This pool names each statement after a hash of its text, so pg parses it once per connection and
 * afterwards sends only its parameters (the server keeps the parsed statement and its plan).
 */
export function preparedStatementPool(pool: pg.Pool): PostgresPool {
  // Kysely keeps its connection object per client object: hand out the same wrapper each time.
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const named = new WeakMap<pg.PoolClient, Set<string>>();
  return {
    async connect() {
      const client = await pool.connect();
      let wrapper = wrappers.get(client);
      if (!wrapper) {
        const names = new Set<string>();
        named.set(client, names);
        wrapper = {
          // pg's and Kysely's typings of query() differ only in their result types, which are the same objects.
          query: ((text: unknown, values?: ReadonlyArray<unknown>) => {
            // A cursor (streaming) or any other form goes through unchanged.
            if (typeof text !== 'string') return client.query(text as pg.Submittable);
            const name = statementName(text, names);
            return client.query(
              name ? { name, text, values: values as unknown[] } : { text, values: values as unknown[] },
            );
          }) as unknown as PostgresPoolClient['query'],
          release: () => client.release(),
        };
        wrappers.set(client, wrapper);
      }
      return wrapper;
    },
    end: () => pool.end(),
  };
}

function statementName(text: string, names: Set<string>): string | undefined {
  if (!PREPARABLE.test(text)) return undefined;
  const name = `k${createHash('sha1').update(text).digest('base64url')}`;
  if (names.has(name)) return name;
  if (names.size >= PREPARED_PER_CONNECTION) return undefined;
  names.add(name);
  return name;
}
