import type { SealSpec, SealSpecs } from './seal-row';

/**
 * What stays readable in each table of the device's databases (README, 端末の暗号化): the ONE list. Every
 * field not named here is sealed; an index on a field not named here stops the database from opening
 * (seal-row.ts), so an index added in clinic-db.ts cannot quietly leave a field in clear. readable.test.ts
 * fails when a patient's field (a name, a phone, a note…) appears here.
 */

/** A synced row: its id and the flags the counts and the sync read without opening it. `server` (the last server copy) is sealed. */
const SYNC_FLAGS = ['id', 'pending', 'gone', 'version', 'deleted'];
const synced = (...indexed: string[]): SealSpec => ({ readable: [...SYNC_FLAGS, ...indexed] });

/**
 * Meta rows whose value may name patients or records (a heal's progress and outcome) or works on the server
 * (the device's sync credential); the others are sync bookkeeping.
 */
const PERSONAL_META = new Set(['heal', 'lastHeal', 'deviceCredential']);

export const CLINIC_SEAL_SPECS: SealSpecs = {
  customers: synced('chartNumber'),
  // A visit's price and entry time are not personal (its customer is an id): the visit list totals and orders
  // a range of thousands by them without opening a row (data/live/stored-visit.ts).
  visits: synced('date', 'serviceMenu', 'customerId', 'price', 'createdAt'),
  surveys: synced('customerId', 'visitId'),
  diagnoses: synced('date', 'customerId'),
  painMarkers: synced('diagnosisId'),
  media: synced('capturedAt', 'customerId'),
  faceAnalyses: synced('analysedAt', 'mediaId', 'customerId'),
  // An appointment's day and patient id (an id, not a name) are its indexes; times, 施術者, menu and memo are sealed.
  appointments: synced('date', 'customerId'),
  // Mutations (their args are the patient's data), refused ones, overwritten values: all sealed but the keys.
  outbox: { readable: ['id'] },
  // The deletion log (sync/deletion-log.ts): which record ids were deleted, and when; who deleted them is sealed.
  deletions: { readable: ['key', 'table', 'id', 'version', 'updatedAt'] },
  rejections: { readable: ['mutationId'] },
  conflicts: { readable: ['id', 'recordId'] },
  // The client id, cookie and mutation counters must read while locked (the outbox count, a pull's bookkeeping).
  meta: { readable: ['key'], keepsClear: (row) => !PERSONAL_META.has(row.key as string) },
  // 設定 holds the device's name, camera and analysis options, nothing of a patient; read before sign-in.
  settings: { readable: ['key'], keepsClear: () => true },
  mediaFiles: {
    readable: ['id', 'waiting', 'sentBytes', 'attempts', 'retryAt', 'failed', 'droppedAt'],
    blobs: ['blob', 'thumbnail'],
  },
  recordingChunks: { readable: ['recordingId', 'seq'], blobs: ['data'] },
  serverThumbnails: { readable: ['id', 'fetchedAt'], blobs: ['blob'] },
  // A form's typed values are the patient's: only whose draft it is and when it was kept (its keys) stay readable.
  drafts: { readable: ['key', 'userId', 'savedAt'] },
  // Rows that did not open, kept as they were stored (sealed bytes, or what someone put there): set-aside.ts.
  setAside: { readable: ['id', 'table', 'key', 'stored', 'at'], keepsClear: () => true },
};

/** The device's logs: error messages, actions and URLs may quote what was on the screen. */
export const LOG_SEAL_SPECS: SealSpecs = {
  deviceErrors: { readable: ['id'] },
  deviceActions: { readable: ['id'] },
  apiTimings: { readable: ['id'] },
  operationQueue: { readable: ['id', 'queuedAt', 'attempts'] },
};

/** Exports waiting for the access log: who and when stay readable (the queue sends a person's own). */
export const AUDIT_EVENTS_SEAL_SPECS: SealSpecs = { events: { readable: ['id', 'userId', 'queuedAt'] } };
