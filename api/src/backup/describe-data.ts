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

/** What a copy of the database holds, read from the copy itself (so the facts are the copy's). */
export async function describeData(db: Kysely<Database>): Promise<DataFacts> {
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
    // A row of `counters` on SQLite, a sequence on PostgreSQL.
    if (row) epoch = { epoch: row.epoch, version: await currentCounter(db, 'version') };
  }
  const migrations = await db.introspection.getTables({ withInternalKyselyTables: true });
  const schema = migrations.some((t) => t.name === 'kysely_migration')
    ? ((await sql<{ name: string }>`select name from kysely_migration order by name desc limit 1`.execute(db)).rows[0]
        ?.name ?? null)
    : null;
  return { rowCounts, uploadedMedia, epoch, schema };
}
