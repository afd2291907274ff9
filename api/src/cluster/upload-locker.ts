import { ERRORS, type Lock, type Locker, MemoryLocker, type RequestRelease } from '@tus/server';
import type pg from 'pg';

/** The advisory lock class of upload locks (two-key form); the sync's in-flight marks use their own (sync/counters.repository.ts). */
const UPLOAD_LOCK = 39_002;
/** How often a waiting request asks again while another process holds the upload. */
const RETRY_MS = 100;
/** As tus's MemoryLocker: a request gives up on a lock held this long by someone else. */
const ACQUIRE_TIMEOUT_MS = 30_000;

/**
 * tus's upload lock for several API processes on one PostgreSQL (issue 39): a PATCH resumed through
 * another process must not write while the first still does. In this process the MemoryLocker comes
 * first (it asks a holder here to let go, as tus expects); then a PostgreSQL advisory lock on a
 * connection of its own, held until unlock. A process that dies (SIGKILL) loses its connection, and
 * PostgreSQL frees its locks with it, so the upload resumes elsewhere at once.
 */
export class PostgresUploadLocker implements Locker {
  private readonly local = new MemoryLocker();

  /** `pool`: a small pool of its own, so uploads under way never take the requests' connections. */
  constructor(private readonly pool: pg.Pool) {}

  newLock(id: string): Lock {
    return new PostgresUploadLock(id, this.local.newLock(id), this.pool);
  }
}

class PostgresUploadLock implements Lock {
  private client: pg.PoolClient | null = null;

  constructor(
    private readonly id: string,
    private readonly local: Lock,
    private readonly pool: pg.Pool,
  ) {}

  async lock(signal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    await this.local.lock(signal, requestRelease);
    try {
      const client = await this.pool.connect();
      try {
        const until = Date.now() + ACQUIRE_TIMEOUT_MS;
        for (;;) {
          const { rows } = await client.query<{ ok: boolean }>(
            'select pg_try_advisory_lock($1::int4, hashtext($2)) as ok',
            [UPLOAD_LOCK, this.id],
          );
          if (rows[0]?.ok) break;
          // tus's own refusal (an object with status_code and body), as its MemoryLocker throws it.
          // eslint-disable-next-line @typescript-eslint/only-throw-error
          if (signal.aborted || Date.now() > until) throw ERRORS.ERR_LOCK_TIMEOUT;
          await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
        }
      } catch (error) {
        client.release();
        throw error;
      }
      this.client = client;
    } catch (error) {
      await this.local.unlock();
      throw error;
    }
  }

  async unlock(): Promise<void> {
    const client = this.client;
    this.client = null;
    try {
      if (client) {
        try {
          await client.query('select pg_advisory_unlock($1::int4, hashtext($2))', [UPLOAD_LOCK, this.id]);
          client.release();
        } catch (error) {
          // A connection whose unlock failed may still hold the lock: dropped, which frees it.
          client.release(error instanceof Error ? error : true);
        }
      }
    } finally {
      await this.local.unlock();
    }
  }
}
