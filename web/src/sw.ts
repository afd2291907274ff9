/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
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

// No push waits in the worker any more: a queued push held a whole outbox (patients' data) in clear in
// the worker's own database, and the page's outbox, sealed, already keeps every change until the server
// has it; the page sends it once the app is open and unlocked. The queue an older version left is deleted,
// and so is the copy of the tokens in clear an older version kept for it ('clinic-auth').
const OLD_DATABASES = ['workbox-background-sync', 'clinic-auth'];
const deleteDatabase = (name: string) =>
  new Promise<void>((resolve) => {
    const request = indexedDB.deleteDatabase(name);
    request.onsuccess = request.onerror = request.onblocked = () => resolve();
  });
self.addEventListener('activate', (event) => {
  event.waitUntil(Promise.all(OLD_DATABASES.map(deleteDatabase)));
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
    case undefined:
      return;
  }
});

clientsClaim();
