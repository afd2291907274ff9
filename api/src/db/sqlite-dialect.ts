import { type DatabaseConnection, type Dialect, type Driver, SqliteAdapter } from 'kysely';

/**
 * SQLite runs DDL inside transactions, but Kysely's SqliteAdapter says it cannot, so Kysely's Migrator
 * ran every statement of a migration on its own: a kill or a full disk between them left half a
 * migration, not recorded as run, that failed on every later start (`table "visits" already exists`).
 * Saying yes makes the Migrator run the pending migrations and their kysely_migration rows in one
 * transaction: all of them commit, or none. (No migration may run PRAGMA foreign_keys or VACUUM,
 * which SQLite ignores or refuses inside a transaction.)
 */
export class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

/**
 * On some failures (SQLITE_FULL, SQLITE_IOERR, SQLITE_NOMEM, and a COMMIT that fails) SQLite rolls the
 * whole transaction back by itself. Kysely then sends ROLLBACK anyway, SQLite answers "cannot rollback -
 * no transaction is active", and Kysely throws that in place of the failure that caused it: the log
 * said nothing of a full disk and the client got a plain 500. Here that answer means the rollback has
 * already happened, so the original error is the one that surfaces.
 */
export class OriginalErrorDriver implements Driver {
  readonly #inner: Driver;
  readonly #closed: () => Promise<void>;

  constructor(inner: Driver, closed: () => Promise<void> = () => Promise.resolve()) {
    this.#inner = inner;
    this.#closed = closed;
  }

  init = () => this.#inner.init();
  acquireConnection = () => this.#inner.acquireConnection();
  releaseConnection = (connection: DatabaseConnection) => this.#inner.releaseConnection(connection);
  beginTransaction: Driver['beginTransaction'] = (connection, settings) =>
    this.#inner.beginTransaction(connection, settings);
  commitTransaction: Driver['commitTransaction'] = (connection) => this.#inner.commitTransaction(connection);

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await this.#inner.rollbackTransaction(connection);
    } catch (error) {
      if (!isNoTransactionActive(error)) throw error;
    }
  }

  savepoint: NonNullable<Driver['savepoint']> = (connection, name, compile) =>
    this.#inner.savepoint!(connection, name, compile);
  rollbackToSavepoint: NonNullable<Driver['rollbackToSavepoint']> = (connection, name, compile) =>
    this.#inner.rollbackToSavepoint!(connection, name, compile);
  releaseSavepoint: NonNullable<Driver['releaseSavepoint']> = (connection, name, compile) =>
    this.#inner.releaseSavepoint!(connection, name, compile);
  async destroy(): Promise<void> {
    await this.#inner.destroy();
    await this.#closed();
  }
}

export function isNoTransactionActive(error: unknown): boolean {
  return error instanceof Error && /no transaction is active/.test(error.message);
}

/**
 * The app's SQLite dialect made of any SQLite dialect (Kysely's, or one with a fairer driver): atomic
 * migrations, and the original error when SQLite rolled a transaction back by itself. `closed` is awaited
 * by destroy(), so a destroyed database has no helper connection left touching its file.
 */
export function safeSqliteDialect(dialect: Dialect, closed?: () => Promise<void>): Dialect {
  return {
    createAdapter: () => new TransactionalDdlSqliteAdapter(),
    createDriver: () => new OriginalErrorDriver(dialect.createDriver(), closed),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
  };
}
