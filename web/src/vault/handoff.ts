/**
 * The first sign-in on a device comes before its service worker is active (it is still precaching the
 * app), so the key cannot be lent to it. The login page then leaves this note, and the app that opens
 * next (within two minutes, for this person, once) opens the key with the server's escrow key, which
 * its fresh session may ask for. Holds no secret; removed at the app's start whatever it says.
 */
export const HANDOFF_STORAGE_KEY = 'clinic.vault-handoff';
const VALID_MS = 120_000;

type Note = { userId: string; until: number };

export function leaveHandoff(storage: Storage | null, userId: string, now = Date.now()): void {
  try {
    storage?.setItem(HANDOFF_STORAGE_KEY, JSON.stringify({ userId, until: now + VALID_MS } satisfies Note));
  } catch {
    // Then the app asks for the password once more: nothing is lost.
  }
}

/** True when the note is for `userId` and fresh; the note is gone afterwards either way. */
export function takeHandoff(storage: Storage | null, userId: string, now = Date.now()): boolean {
  try {
    const note = JSON.parse(storage?.getItem(HANDOFF_STORAGE_KEY) ?? 'null') as Partial<Note> | null;
    storage?.removeItem(HANDOFF_STORAGE_KEY);
    return note?.userId === userId && typeof note.until === 'number' && note.until > now;
  } catch {
    return false;
  }
}
