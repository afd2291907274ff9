import { open, unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { type Kysely, sql } from 'kysely';
import { isPostgres } from './dialect';

/**
 * What is wrong with where the data is kept, as /api/health reports it:
 * - full: no room to write (SQLite's SQLITE_FULL, a file write's ENOSPC/EDQUOT, PostgreSQL's 53100);
 * - damaged: the database file is corrupt; only a restore mends it, so this stays until a restart
 *   (which then refuses to start, see sqlite-file.ts);
 * - readonly: the data folder (or its file system) takes no writes: a request is answered as for a full
 *   disk (the tablet keeps what it sent), and the probe clears it once a write succeeds again;
 * - unreachable: PostgreSQL cannot be reached (stopped, restarting, the connection dropped): requests
 *   answer 503 and the pool reconnects by itself; cleared as soon as a query goes through again;
 * - unavailable: the disk or the database cannot be read or written for another reason (I/O error,
 *   file gone).
 */
export type StorageFault = 'full' | 'damaged' | 'readonly' | 'unreachable' | 'unavailable';

const FULL = /^(?:SQLITE_FULL|ENOSPC|EDQUOT|53100)$/;
const DAMAGED = /^SQLITE_(?:CORRUPT|NOTADB)/;
const READONLY = /^(?:SQLITE_READONLY|EROFS|EACCES|EPERM)/;
/**
 * PostgreSQL gone or going: connection exceptions (08…), an administrator's or a crash's shutdown
 * (57P01–57P03), and the socket errors of a server that is not there (yet).
 */
const UNREACHABLE = /^(?:08[0-9A-Z]{3}|57P0[123]|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|EHOSTUNREACH|ENOTFOUND)$/;
const UNAVAILABLE = /^(?:SQLITE_(?:IOERR|CANTOPEN)|EIO)/;
/** pg's own words when the socket closed under it: these errors carry no code. */
const UNREACHABLE_TEXT =
  /^(?:Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect|Client was closed)/;

/** The storage fault behind an error (looking through its causes), or undefined for any other failure. */
export function storageFaultOf(error: unknown): StorageFault | undefined {
  for (
    let e = error, depth = 0;
    typeof e === 'object' && e !== null && depth < 5;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const code = (e as { code?: unknown }).code;
    if (typeof code !== 'string') {
      const message = (e as { message?: unknown }).message;
      if (typeof message === 'string' && UNREACHABLE_TEXT.test(message)) return 'unreachable';
      continue;
    }
    if (FULL.test(code)) return 'full';
    if (DAMAGED.test(code)) return 'damaged';
    if (READONLY.test(code)) return 'readonly';
    if (UNREACHABLE.test(code)) return 'unreachable';
    if (UNAVAILABLE.test(code)) return 'unavailable';
  }
  return undefined;
}

/** The fault remembered for this database now (see noteStorageFault), or undefined. */
export function knownStorageFault(db: object): StorageFault | undefined {
  return noted.get(db)?.fault;
}

interface Noted {
  fault: StorageFault;
  since: string;
  /** When the write probe last ran (ms), so a busy health endpoint does not probe on every call. */
  probedAt: number;
}

/** Kept per database object: one server has one; tests make many, and each keeps its own. */
const noted = new WeakMap<object, Noted>();

/** A write probe runs at most this often while a fault is remembered. */
export const PROBE_INTERVAL_MS = 5_000;
/** The probe writes this much into the database (then rolls it back) and into a file beside it. */
const PROBE_BYTES = 256 * 1024;
const PROBE_FILE_BYTES = 4 * 1024 * 1024;

/**
 * Remembers a request's failure when it is the storage's (health then answers 503 until it is gone);
 * returns the fault, or undefined for any other error.
 */
export function noteStorageFault(db: object, error: unknown, now = new Date()): StorageFault | undefined {
  const fault = storageFaultOf(error);
  if (!fault) return undefined;
  const before = noted.get(db);
  // A damaged database stays reported as damaged whatever fails next.
  if (before?.fault !== 'damaged')
    noted.set(db, { fault, since: before?.fault === fault ? before.since : now.toISOString(), probedAt: 0 });
  return fault;
}

export interface StorageStatus {
  fault: StorageFault | null;
  /** When the fault was first seen. */
  since: string | null;
}

/**
 * The truth for /api/health: reads the database, adds what requests met (a damaged page shows only to
 * the request that reads it), and while a write fault is remembered, tries a real write (probeWrite)
 * now and then: once it succeeds, the room or the disk is back and the fault is forgotten.
 */
export async function checkStorage<DB>(db: Kysely<DB>, now = new Date()): Promise<StorageStatus> {
  try {
    // SQLite: reads the schema page, the first to fail when the file is unreadable or not a database.
    await (isPostgres(db) ? sql`select 1` : sql`select count(*) from sqlite_master`).execute(db);
  } catch (error) {
    console.error('health check: the database cannot be read:', error);
    noteStorageFault(db, error, now);
    const known = noted.get(db);
    return known ? { fault: known.fault, since: known.since } : { fault: 'unavailable', since: now.toISOString() };
  }
  const known = noted.get(db);
  if (!known) return { fault: null, since: null };
  // A query went through: PostgreSQL is back (the pool made a new connection by itself).
  if (known.fault === 'unreachable') {
    noted.delete(db);
    return { fault: null, since: null };
  }
  if (known.fault !== 'damaged' && now.getTime() - known.probedAt >= PROBE_INTERVAL_MS) {
    known.probedAt = now.getTime();
    try {
      await probeWrite(db);
      noted.delete(db);
      return { fault: null, since: null };
    } catch (error) {
      if (!storageFaultOf(error)) console.error('health check: the write probe failed:', error);
    }
  }
  return { fault: known.fault, since: known.since };
}

class ProbeDone extends Error {}

/**
 * Writes as a real request would and leaves nothing behind: a table with 256 KiB in it, in a
 * transaction that is then rolled back (SQLite must find the pages for it, so a file at its size
 * limit fails here), and, for SQLite, a 4 MiB file beside the database, synced and removed (a full
 * disk fails here, since SQLite may reuse the room its WAL already has).
 */
async function probeWrite<DB>(db: Kysely<DB>): Promise<void> {
  const postgres = isPostgres(db);
  try {
    await db.transaction().execute(async (trx) => {
      if (postgres) {
        await sql`create temporary table storage_probe (b bytea) on commit drop`.execute(trx);
        await sql`insert into storage_probe values (decode(repeat('00', ${PROBE_BYTES}), 'hex'))`.execute(trx);
      } else {
        await sql`create table storage_probe (b blob)`.execute(trx);
        await sql`insert into storage_probe values (zeroblob(${PROBE_BYTES}))`.execute(trx);
      }
      throw new ProbeDone();
    });
  } catch (error) {
    if (!(error instanceof ProbeDone)) throw error;
  }
  if (postgres) return;
  const rows = (await sql<{ name: string; file: string }>`pragma database_list`.execute(db)).rows;
  const file = rows.find((row) => row.name === 'main')?.file;
  if (file) await probeFile(join(dirname(file), '.storage-probe'));
}

async function probeFile(path: string): Promise<void> {
  const handle = await open(path, 'w');
  try {
    await handle.write(Buffer.alloc(PROBE_FILE_BYTES));
    await handle.sync();
  } finally {
    await handle.close();
    await unlink(path).catch(() => undefined);
  }
}
