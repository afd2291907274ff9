import Dexie, { type Table } from 'dexie';
import { installSealing } from '../vault/seal-middleware';
import { LOG_SEAL_SPECS } from '../vault/seal-specs';
import type { ApiTiming, DeviceError, OperationLogEntryInput, UserAction } from '@clinic/sync-protocol/admin';

/** A device error waiting to be sent; the key orders them. */
export type StoredDeviceError = DeviceError & { id?: number };
export type StoredUserAction = UserAction & { id?: number };
export type StoredApiTiming = ApiTiming & { id?: number };

/** An operation-log entry waiting to be sent (spec 4 "Operation-log batching"). */
export type QueuedOperation = {
  id: string;
  entry: OperationLogEntryInput;
  /** ms since epoch; the queue is sent oldest first. */
  queuedAt: number;
  /** Only in entries an older version queued; never sent (a patient's photo stays out of the anonymous log). */
  photo?: Blob;
  attempts: number;
};

export const LOG_DB_NAME = 'clinic-logs';

/**
 * The device's own logs: errors, actions and API timings for the device error log, and the queue of
 * operation logs. A database of its own because logout deletes the patient database (a shared
 * tablet must not keep patient data), and a report queued before a logout must still be sent.
 * No patient names are written here.
 */
export class LogDb extends Dexie {
  deviceErrors!: Table<StoredDeviceError, number>;
  deviceActions!: Table<StoredUserAction, number>;
  apiTimings!: Table<StoredApiTiming, number>;
  operationQueue!: Table<QueuedOperation, string>;

  constructor(name = LOG_DB_NAME) {
    super(name);
    this.version(1).stores({
      deviceErrors: '++id',
      deviceActions: '++id',
      apiTimings: '++id',
      operationQueue: 'id, queuedAt',
    });
    installSealing(this, LOG_SEAL_SPECS);
  }
}

export const logDb = new LogDb();
