/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { Queue } from 'workbox-background-sync';
import { SEALED_QUEUE_NAME, type PageToWorker } from './sync/sw-messages';
import { replaceQueued, replaySealed } from './sync/sw-replay';
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

// Pushes that could not go wait here, sealed for the server (issue 37): replayed on Background Sync's
// `sync` event with no page open, and (Workbox does it where the browser has no `sync`) when the worker
// starts. Our own onSync: Workbox's default drops an entry on any HTTP answer and keeps no order of ours.
// An older version's queue in clear ('clinic-sync-push', in workbox-background-sync's database) and its
// copy of the tokens ('clinic-auth') are deleted; the sealed queue shares that database, so only its
// entries of the old queue go.
const queue = new Queue(SEALED_QUEUE_NAME, {
  maxRetentionTime: 14 * 24 * 60,
  onSync: ({ queue }) => replaySealed(queue, self),
});
const oldQueue = new Queue('clinic-sync-push', { onSync: () => Promise.resolve() });
const OLD_DATABASES = ['clinic-auth'];
const deleteDatabase = (name: string) =>
  new Promise<void>((resolve) => {
    const request = indexedDB.deleteDatabase(name);
    request.onsuccess = request.onerror = request.onblocked = () => resolve();
  });
self.addEventListener('activate', (event) => {
  event.waitUntil(Promise.all([...OLD_DATABASES.map(deleteDatabase), dropAll(oldQueue)]));
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
    case 'QUEUE_SEALED_PUSHES':
      event.waitUntil(replaceQueued(queue, message.bodies));
      return;
    case 'REPLAY_SEALED_PUSHES':
      // Chromium backs a failed sync off for minutes; the page knows sooner that the network is back.
      event.waitUntil(replaySealed(queue, self).catch(() => undefined));
      return;
    case undefined:
      return;
  }
});

async function dropAll(old: Queue): Promise<void> {
  while (await old.shiftRequest()) {
    // a push in clear from an older version: its changes are still in the page's outbox
  }
}

// A worker that starts (a page opened, a sync event, the browser restarted) also sends what waits, so a
// browser that lost a sync registration or gave up on it after its retries still gets it through.
void replaySealed(queue, self).catch(() => undefined);

clientsClaim();
