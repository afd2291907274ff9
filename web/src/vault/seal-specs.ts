import type { SealSpec, SealSpecs } from './seal-middleware';

/**
 * What stays readable in each table of the device's databases (README, 端末の暗号化). The primary key
 * and every indexed key path are readable without being listed; everything else is sealed.
 */

/** A synced row: the flags the counts and the sync read without opening it. `server` (the last server copy) is sealed. */
const SYNC_FLAGS = ['pending', 'gone', 'version', 'deleted'];
const synced: SealSpec = { clear: SYNC_FLAGS };

/**
 * Meta rows whose value may name patients or records (a heal's progress and outcome) or works on the server
 * (the device's sync credential); the others are sync bookkeeping.
 */
const PERSONAL_META = new Set(['heal', 'lastHeal', 'deviceCredential']);

export const CLINIC_SEAL_SPECS: SealSpecs = {
  customers: synced,
  // A visit's price and entry time are not personal (its customer is an id): the visit list totals and orders
  // a range of thousands by them without opening a row (data/live/stored-visit.ts).
  visits: { clear: [...SYNC_FLAGS, 'price', 'createdAt'] },
  surveys: synced,
  diagnoses: synced,
  painMarkers: synced,
  media: synced,
  faceAnalyses: synced,
  // Mutations (their args are the patient's data), refused ones, overwritten values: all sealed but the keys.
  outbox: {},
  rejections: {},
  conflicts: {},
  // The client id, cookie and mutation counters must read while locked (the outbox count, a pull's bookkeeping).
  meta: { keepsClear: (row) => !PERSONAL_META.has(row.key as string) },
  // 設定 holds the device's name, camera and analysis options, nothing of a patient; read before sign-in.
  settings: { keepsClear: () => true },
  mediaFiles: {
    clear: ['sentBytes', 'waiting', 'attempts', 'retryAt', 'failed', 'droppedAt'],
    blobs: ['blob', 'thumbnail'],
  },
  recordingChunks: { blobs: ['data'] },
  serverThumbnails: { clear: ['fetchedAt'], blobs: ['blob'] },
  // A form's typed values are the patient's: only whose draft it is and when it was kept (its keys) stay readable.
  drafts: {},
};

/** The device's logs: error messages, actions and URLs may quote what was on the screen. */
export const LOG_SEAL_SPECS: SealSpecs = {
  deviceErrors: {},
  deviceActions: {},
  apiTimings: {},
  operationQueue: { clear: ['attempts'] },
};

/** Exports waiting for the access log: who and when stay readable (the queue sends a person's own). */
export const AUDIT_EVENTS_SEAL_SPECS: SealSpecs = { events: {} };
