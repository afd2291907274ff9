/** The Web Lock every tab of the app takes to refresh: a rotating refresh token may be used only once. */
export const REFRESH_LOCK = 'clinic-token-refresh';

/** Runs `task` holding the refresh lock where Web Locks exist (every current browser); else directly. */
export function withRefreshLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks;
  return locks ? (locks.request(REFRESH_LOCK, task) as Promise<T>) : task(); // request() resolves with task's result
}
