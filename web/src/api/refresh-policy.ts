/**
 * When an access token must be refreshed: one rule for the page and the service worker (which replays
 * queued pushes and cannot load the page's session code). No imports, so the worker bundle stays small.
 */

/** Refresh this long before the access token runs out, so no call goes out with a dying token. */
export const REFRESH_MARGIN_MS = 60_000;

export type HeldToken = { accessToken: string; accessTokenExpiresAt: number };

/** The token is far enough from its end to be sent as it is. */
export const isFresh = (held: HeldToken, now = Date.now()): boolean =>
  held.accessTokenExpiresAt - now > REFRESH_MARGIN_MS;

/**
 * The held token may be sent instead of refreshing: fresh, and not the one the server has just refused
 * (`refused`). When another tab or the worker has already replaced a refused token, that newer one is used.
 */
export const isUsable = (held: HeldToken, refused: string | null, now = Date.now()): boolean =>
  held.accessToken !== refused && isFresh(held, now);
