/** Messages between the page and the service worker (pushes are never handed to the worker: see sw.ts). */
export type PageToWorker = { type: 'SKIP_WAITING' };
