import pg from 'pg';
import { startPostgres } from '../../../scripts/postgres.mjs';

/**
 * A whole PostgreSQL database of its own, for tests that need one (pg_dump and pg_restore work on a
 * database, not a schema): made on the server `npm test` passes as TEST_DATABASE_URL, or else in a
 * throwaway cluster started here (scripts/postgres.mjs, as npm test starts one). drop() removes it.
 */
export async function realPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const server = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  const cluster = server ? null : await startPostgres({ log: () => undefined });
  const base = server ?? cluster!.url;
  const name = `test_${crypto.randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      if (cluster) return cluster.stop();
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
