import { useCallback, useSyncExternalStore } from 'react';
import { useSession } from '../../auth';
import { currentPatientStore } from './current-patient-session';

export type CurrentPatient = {
  /** The chosen patient's customer id, or null. */
  customerId: string | null;
  /** Picks another patient (null clears) for the signed-in person. */
  choose: (customerId: string | null) => void;
};

/** The patient of this session, the same on every screen until the person picks another or clears it. */
export function useCurrentPatient(): CurrentPatient {
  const userId = useSession()?.userId ?? null;
  const state = useSyncExternalStore(currentPatientStore.subscribe, currentPatientStore.snapshot);
  const customerId = userId !== null && state?.userId === userId ? state.customerId : null;
  const choose = useCallback(
    (next: string | null) => {
      if (userId !== null) currentPatientStore.choose(userId, next);
    },
    [userId],
  );
  return { customerId, choose };
}
