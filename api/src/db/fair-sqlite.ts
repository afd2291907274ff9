import { type DatabaseConnection, type Driver, SqliteDialect, type SqliteDialectConfig } from 'kysely';

/**
 * A lock handed to waiters in the order they asked: first come, first served. Kysely's SQLite mutex
 * wakes every waiter on each release and lets whoever runs first take it, including a request that
 * arrived after all of them; under load some requests then waited 20 s while others were served 3× as
 * often. Here a release hands the lock straight to the oldest waiter, so no one can step in between.
 */
export class FifoLock {
  #held = false;
  readonly #waiters: Array<() => void> = [];

  lock(): Promise<void> {
    if (!this.#held) {
      this.#held = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#waiters.push(resolve));
  }

  unlock(): void {
    const next = this.#waiters.shift();
    // The lock stays held: it passes to the next waiter, or becomes free when none waits.
    if (next) next();
    else this.#held = false;
  }

  /** Requests waiting for the lock (not counting its holder). */
  get waiting(): number {
    return this.#waiters.length;
  }
}

/**
 * Kysely's SQLite driver behind a FIFO lock. Its own mutex is never contended any more (one holder at a
 * time gets past ours), so only public driver methods are used and the rest is delegated unchanged.
 */
export class FairDriver implements Driver {
  readonly #inner: Driver;
  readonly #lock = new FifoLock();

  constructor(inner: Driver) {
    this.#inner = inner;
  }

  init(): Promise<void> {
    return this.#inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.#lock.lock();
    try {
      return await this.#inner.acquireConnection();
    } catch (error) {
      this.#lock.unlock();
      throw error;
    }
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    try {
      await this.#inner.releaseConnection(connection);
    } finally {
      this.#lock.unlock();
    }
  }

  beginTransaction: Driver['beginTransaction'] = (connection, settings) =>
    this.#inner.beginTransaction(connection, settings);
  commitTransaction: Driver['commitTransaction'] = (connection) => this.#inner.commitTransaction(connection);
  rollbackTransaction: Driver['rollbackTransaction'] = (connection) => this.#inner.rollbackTransaction(connection);
  savepoint: NonNullable<Driver['savepoint']> = (connection, name, compile) =>
    this.#inner.savepoint!(connection, name, compile);
  rollbackToSavepoint: NonNullable<Driver['rollbackToSavepoint']> = (connection, name, compile) =>
    this.#inner.rollbackToSavepoint!(connection, name, compile);
  releaseSavepoint: NonNullable<Driver['releaseSavepoint']> = (connection, name, compile) =>
    this.#inner.releaseSavepoint!(connection, name, compile);

  destroy(): Promise<void> {
    return this.#inner.destroy();
  }
}

/** Kysely's SqliteDialect whose single connection is served first come, first served. */
export class FairSqliteDialect extends SqliteDialect {
  constructor(config: SqliteDialectConfig) {
    super(config);
  }

  override createDriver(): Driver {
    return new FairDriver(super.createDriver());
  }
}
