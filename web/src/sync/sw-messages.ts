/** Messages between the page and the service worker. */
export type PageToWorker =
  | { type: 'SKIP_WAITING' }
  /**
   * The outbox's pushes, sealed for the server (issue 37), replacing what the worker's queue held: each
   * set holds the whole outbox from its start. Nothing in them is readable on the device.
   */
  | { type: 'QUEUE_SEALED_PUSHES'; bodies: SealedForWorker[] }
  /** The network is back while a page is open: the worker replays now rather than at the browser's pace. */
  | { type: 'REPLAY_SEALED_PUSHES' };

/** A sealed body and the last outbox entry it carries (a number, nothing personal: kept beside it in clear). */
export type SealedForWorker = { body: string; through: number };

export type WorkerToPage = { type: 'SEALED_PUSHES_REPLAYED' };

/** The worker's queue (workbox-background-sync): its IndexedDB holds only sealed bodies. */
export const SEALED_QUEUE_NAME = 'clinic-sealed-push';
