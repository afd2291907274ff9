import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/database';
import { toCount } from '../db/dialect';
import { currentCounter } from '../sync/counters.repository';

export type DataFacts = {
  rowCounts: Record<string, number>;
  /** Captures whose whole file the database says has arrived: the only media files a backup copies. */
  uploadedMedia: string[];
  epoch: { epoch: string; version: number } | null;
  schema: string | null;
};

/**
 * What a copy of the database holds, read from the copy itself or from the very snapshot it was dumped
 * from (so the facts are the copy's). `settledVersion`: on PostgreSQL, the version up to which every
 * change had settled before that snapshot was taken (its sequence is read outside any snapshot).
 */
export async function describeData(db: Kysely<Database>, settledVersion?: number): Promise<DataFacts> {
  const tables = (await db.introspection.getTables()).map((t) => t.name).sort();
  const rowCounts: Record<string, number> = {};
  for (const table of tables) {
    const row = await db
      .selectFrom(sql.table(table).as('t'))
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    rowCounts[table] = toCount(row.n);
  }
  const has = (table: string) => tables.includes(table);
  const uploadedMedia = has('media')
    ? (await db.selectFrom('media').select('id').where('uploaded', '=', 1).orderBy('id').execute()).map((r) => r.id)
    : [];
  let epoch: DataFacts['epoch'] = null;
  if (has('sync_epochs')) {
    const row = await db.selectFrom('sync_epochs').select('epoch').orderBy('seq', 'desc').limit(1).executeTakeFirst();
    // SQLite: the copy's own `counters` row, consistent with its rows (one writer, commits in version order).
    if (row) epoch = { epoch: row.epoch, version: settledVersion ?? (await currentCounter(db, 'version')) };
  }
  const migrations = await db.introspection.getTables({ withInternalKyselyTables: true });
  const schema = migrations.some((t) => t.name === 'kysely_migration')
    ? ((await sql<{ name: string }>`select name from kysely_migration order by name desc limit 1`.execute(db)).rows[0]
        ?.name ?? null)
    : null;
  return { rowCounts, uploadedMedia, epoch, schema };
}
