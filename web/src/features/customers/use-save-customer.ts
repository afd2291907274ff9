import { CUSTOMER_FIELDS, diffFields } from '@clinic/sync-protocol';
import { useCallback, useEffect } from 'react';
import { useSingleSave } from '../../components/form-dialog';
import type { LocalCustomer } from '../../data/clinic-db';
import { customerCache, mutateAsCurrentUser } from '../../data';
import { originalFields, toCustomerFields, type CustomerFormValues } from './customer-form-values';
import { duplicateIndex, findDuplicate } from './find-duplicate';

export type SaveOutcome = 'created' | 'updated' | 'unchanged';
/** What a save did, and to which customer (a new one's id is made here). */
export type SaveResult = { outcome: SaveOutcome; id: string };

/**
 * Saves to this device first (the sync engine sends it on). A create gets its id here so it works
 * offline; an edit sends only the changed fields and the values they replaced. Throws LocalWriteError
 * with a Japanese message when nothing could be stored; the caller keeps the form as typed.
 * Resolves null, doing nothing, while an earlier save is still being stored.
 */
export function useSaveCustomer() {
  const { run, saving } = useSingleSave();

  // Keeps the device's customers loaded while the dialog is open (the list usually has them already)
  // without re-rendering the dialog when they change, and builds the duplicate check's index while the
  // person types rather than when they press 保存.
  useEffect(() => {
    const stopWatching = customerCache.subscribe(() => {});
    const build = () => duplicateIndex(customerCache.getSnapshot().entries);
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(build, { timeout: 2_000 });
      return () => {
        cancelIdleCallback(id);
        stopWatching();
      };
    }
    const id = setTimeout(build, 500);
    return () => {
      clearTimeout(id);
      stopWatching();
    };
  }, []);

  /** Another live customer on this device with the same name and phone (normalised), or null. */
  const duplicateOf = useCallback(
    async (original: LocalCustomer | null, values: CustomerFormValues): Promise<LocalCustomer | null> => {
      await customerCache.settled(); // already settled, unless the dialog opened on a screen without the list
      const { name, phone } = toCustomerFields(values);
      return findDuplicate(customerCache.getSnapshot().entries, { name, phone }, original);
    },
    [],
  );

  const save = useCallback(
    (original: LocalCustomer | null, values: CustomerFormValues): Promise<SaveResult | null> =>
      run(async (): Promise<SaveResult> => {
        const fields = toCustomerFields(values);
        if (!original) {
          const id = crypto.randomUUID();
          await mutateAsCurrentUser('customer.create', { id, ...fields });
          return { outcome: 'created', id };
        }
        const { patch, base, changed } = diffFields(CUSTOMER_FIELDS, originalFields(original), fields);
        if (!changed) return { outcome: 'unchanged', id: original.id };
        await mutateAsCurrentUser('customer.update', { id: original.id, patch, base });
        return { outcome: 'updated', id: original.id };
      }),
    [run],
  );

  return { save, saving, duplicateOf };
}
