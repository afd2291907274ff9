/// <reference lib="webworker" />
import { Queue } from 'workbox-background-sync';
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { replayPushes } from './sync/sw-replay';
import type { PageToWorker } from './sync/sw-messages';
import { holdDataKey } from './vault/sw-key-holder';

declare const self: ServiceWorkerGlobalScope;

// The app shell (every built file) is precached so the app opens with the network off.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// In-app navigations are answered from the cache: the login routes with the static login page,
// every other route with the app shell. /api is never answered from here.
// Workbox matches these against path and query, and the login keeps `?redirect=`.
const LOGIN_ROUTE = /^\/(pwa\/)?login\/?(\?.*)?$/;
registerRoute(new NavigationRoute(createHandlerBoundToURL('/login.html'), { allowlist: [LOGIN_ROUTE] }));
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api\//, LOGIN_ROUTE],
  }),
);

// Pushes that failed for the network wait here and are replayed when it returns, even with no page open.
// Our own onSync: Workbox's default would replay stale headers and drop an entry on any HTTP answer.
const pushQueue = new Queue('clinic-sync-push', {
  maxRetentionTime: 14 * 24 * 60,
  onSync: ({ queue }) => replayPushes(queue, self),
});

// The data key lent by a page, in memory only, so a reload does not ask for the password (vault/worker-key).
holdDataKey(self);

self.addEventListener('message', (event) => {
  const message = event.data as PageToWorker | undefined;
  switch (message?.type) {
    case 'SKIP_WAITING':
      // A new version waits until the user agrees to reload.
      void self.skipWaiting();
      return;
    case 'QUEUE_PUSH':
      event.waitUntil(queueLatestPush(message.body));
      return;
    case 'REPLAY_PUSHES':
      // Chrome backs a failed sync tag off for minutes; the page knows sooner that the network is back.
      event.waitUntil(replayPushes(pushQueue, self).catch(() => undefined));
      return;
    case undefined:
      return;
  }
});

/** Each push carries the whole outbox from its start, so only the newest one needs to wait. */
async function queueLatestPush(body: string) {
  while (await pushQueue.shiftRequest()) {
    // dropping older, superseded pushes
  }
  await pushQueue.pushRequest({
    request: new Request('/api/sync/push', { method: 'POST', body, headers: { 'content-type': 'application/json' } }),
  });
}

clientsClaim();
