/** Messages between the page and the service worker. */
export type PageToWorker = { type: 'SKIP_WAITING' } | { type: 'QUEUE_PUSH'; body: string } | { type: 'REPLAY_PUSHES' };

export type WorkerToPage = { type: 'PUSH_REPLAYED' };
