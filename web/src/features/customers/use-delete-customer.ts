import { useCallback } from 'react';
import { useConfirmDelete } from '../../components/confirm';
import { useToast } from '../../components/toast';
import type { LocalCustomer } from '../../data/clinic-db';
import { ja } from '../../i18n/ja';
import { localDb } from '../../data/local-db';
import { mutateAsCurrentUser } from '../../data';
import { countCustomerRecords } from '../../data/live';
import { keptRecordsNote } from './kept-records-note';

const t = ja.customers;

/**
 * 削除: asks first, saying how many records the customer has (they are kept, see README "Deleting a
 * customer who has records"), then deletes on this device at once (the row disappears, offline too);
 * the server follows on sync.
 */
export function useDeleteCustomer(): (customer: LocalCustomer) => void {
  const confirmDelete = useConfirmDelete();
  const toast = useToast();
  return useCallback(
    (customer: LocalCustomer) => {
      const remove = () =>
        mutateAsCurrentUser('customer.delete', { id: customer.id }).then(
          () => toast.success(t.deleted),
          () => toast.error(t.deleteFailed),
        );
      // A count that cannot be read does not block the question: the records stay either way.
      void countCustomerRecords(localDb, customer.id)
        .catch(() => null)
        .then((counts) => confirmDelete(t.deleteConfirm(customer.name), remove, counts && keptRecordsNote(counts)));
    },
    [confirmDelete, toast],
  );
}
