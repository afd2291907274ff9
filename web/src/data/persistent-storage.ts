let asked = false;

/**
 * Asks the browser not to evict this site's storage (unsynced patient data lives there).
 * Best effort and once per page: browsers may refuse or not offer the API at all.
 */
export function requestPersistentStorage(): void {
  if (asked) return;
  asked = true;
  try {
    void navigator.storage?.persist?.().catch(() => undefined);
  } catch {
    // Not available here; eviction stays possible, which the sync engine tolerates.
  }
}
