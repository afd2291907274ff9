import { useCallback } from 'react';
import { mutateAsCurrentUser } from '../../data';

/** Deletes on this device at once (the record leaves the list, offline too); the server follows on sync. */
export function useDeleteDiagnosis() {
  return useCallback(async (id: string): Promise<void> => {
    await mutateAsCurrentUser('diagnosis.delete', { id });
  }, []);
}
