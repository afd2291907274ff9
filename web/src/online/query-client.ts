import { onlineManager, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/errors';
import { sessionStore } from '../auth/session-store';
import { syncStatus } from '../sync/page-status';

/** Spec 9 "Safe fetch": each attempt is abandoned after 10 s (the request path's own 30 s is for the rest). */
export const ONLINE_VIEW_TIMEOUT_MS = 10_000;
/** Spec 9: 3 retries after the first attempt, waiting 1 s, 2 s, 4 s. */
export const ONLINE_VIEW_RETRIES = 3;
const FIRST_RETRY_DELAY_MS = 1_000;

/** Only what a later attempt may cure is retried: network, timeout and 5xx (ApiError.retryable), never a 4xx. */
export const shouldRetry = (failures: number, error: unknown): boolean =>
  failures < ONLINE_VIEW_RETRIES && error instanceof ApiError && error.retryable;

export const retryDelay = (failures: number): number => FIRST_RETRY_DELAY_MS * 2 ** failures;

/**
 * The admin screens' online views (DESIGN "Data flow") read through TanStack Query. This module loads with
 * those screens only: the first screen works from the device's data and needs none of it.
 */
export const onlineQueryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: shouldRetry,
      retryDelay,
      // A screen reads again when it is opened and when the network returns, not when a window regains focus
      // (a tablet's screen turning back on is no reason to reload a log).
      refetchOnWindowFocus: false,
    },
  },
});

// Listening for the network's return, as QueryClientProvider would do: these screens use the client directly
// (useQuery's second argument), so the shell need not load TanStack Query for the first screen.
onlineQueryClient.mount();

// The network as the app knows it (the top bar's オンライン/オフライン), not only the browser's event: the sync
// engine also marks the app offline when the server cannot be reached. Paused while offline, read on return.
onlineManager.setEventListener((setOnline) => {
  setOnline(syncStatus.get().online);
  return syncStatus.subscribe(() => setOnline(syncStatus.get().online));
});

// What one person's session read stays theirs: the next person signed in on this tablet starts with nothing.
let signedIn = sessionStore.get()?.user.id ?? null;
sessionStore.subscribe(() => {
  const now = sessionStore.get()?.user.id ?? null;
  if (now !== signedIn) onlineQueryClient.clear();
  signedIn = now;
});
