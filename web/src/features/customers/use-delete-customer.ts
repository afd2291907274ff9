import { useCallback } from 'react';
import type { LocalCustomer } from '../../db/clinic-db';
import { mutateAsCurrentUser } from '../../sync';

/** Deletes on this device at once (the row disappears, offline too); the server follows on sync. */
export function useDeleteCustomer() {
  return useCallback(async (customer: LocalCustomer): Promise<void> => {
    await mutateAsCurrentUser('customer.delete', { id: customer.id });
  }, []);
}
