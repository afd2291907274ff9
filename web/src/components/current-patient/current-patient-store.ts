/**
 * The patient this signed-in person is working with, carried across screens for the session (issue 24).
 * Only the customer's id is kept (in sessionStorage, so a reload keeps it and closing the tab forgets it),
 * never a name: the device's patient data is encrypted at rest, and this key would sit beside it in clear.
 * It belongs to one user: read by another, it is nothing, and it is dropped when that person signs out.
 */
export type CurrentPatientState = { userId: string; customerId: string } | null;

export const CURRENT_PATIENT_KEY = 'clinic.currentPatient';

type Deps = { storage: () => Storage | null };

const parse = (raw: string | null): CurrentPatientState => {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const { userId, customerId } = value as Record<string, unknown>;
    return typeof userId === 'string' && typeof customerId === 'string' && userId !== '' && customerId !== ''
      ? { userId, customerId }
      : null;
  } catch {
    return null;
  }
};

export function createCurrentPatientStore({ storage }: Deps) {
  const read = (): CurrentPatientState => {
    try {
      return parse(storage()?.getItem(CURRENT_PATIENT_KEY) ?? null);
    } catch {
      return null;
    }
  };
  let state: CurrentPatientState = read();
  const listeners = new Set<() => void>();

  const set = (next: CurrentPatientState) => {
    if (next?.userId === state?.userId && next?.customerId === state?.customerId) return;
    state = next;
    try {
      if (next) storage()?.setItem(CURRENT_PATIENT_KEY, JSON.stringify(next));
      else storage()?.removeItem(CURRENT_PATIENT_KEY);
    } catch {
      // Kept in memory only: a reload will ask for the patient again.
    }
    listeners.forEach((l) => l());
  };

  return {
    /** The patient this user chose, or null (none, or chosen by someone else). */
    get: (userId: string | null): string | null =>
      userId !== null && state?.userId === userId ? state.customerId : null,
    /** Picks a patient for this user (null clears); a previous user's choice goes with it. */
    choose: (userId: string, customerId: string | null): void => set(customerId ? { userId, customerId } : null),
    /** The signed-in user changed (or nobody is signed in): anyone else's patient is forgotten. */
    userChanged: (userId: string | null): void => {
      if (state && state.userId !== userId) set(null);
    },
    // Arrows, not methods: React calls them unbound (useSyncExternalStore).
    subscribe: (listener: () => void): (() => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    snapshot: (): CurrentPatientState => state,
  };
}

export type CurrentPatientStore = ReturnType<typeof createCurrentPatientStore>;
