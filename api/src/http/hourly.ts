/** How often housekeeping that rides on uploads (retention pruning) runs at most. */
export const HOURLY_MS = 60 * 60 * 1000;

/**
 * Runs `task` at most once an hour, when called after a device's upload was stored: uploads arrive
 * all day, so no timer is needed, and the time is kept in memory (a restart only runs it once more).
 * A failure is logged, never thrown: the upload it rides on is stored and must not be answered with an error.
 */
export function atMostHourly(
  task: (now: Date) => Promise<unknown>,
  now: () => Date,
  what: string,
): () => Promise<void> {
  let last: number | null = null;
  return async () => {
    const at = now();
    if (last !== null && at.getTime() - last < HOURLY_MS) return;
    last = at.getTime();
    await task(at).catch((error: unknown) => console.error(`${what} failed:`, error));
  };
}
