import { useCallback } from 'react';
import type { LocalVisit } from '../../data/clinic-db';
import { mutateAsCurrentUser } from '../../data';

/** Deletes on this device at once (the row disappears, offline too); the server follows on sync. */
export function useDeleteVisit() {
  return useCallback(async (visit: LocalVisit): Promise<void> => {
    await mutateAsCurrentUser('visit.delete', { id: visit.id });
  }, []);
}
