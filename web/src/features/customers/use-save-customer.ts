import { useCallback, useState } from 'react';
import type { LocalCustomer } from '../../db/clinic-db';
import { mutateAsCurrentUser } from '../../sync';
import { diffFields, formValuesOf, toCustomerFields, type CustomerFormValues } from './customer-form-values';

export type SaveOutcome = 'created' | 'updated' | 'unchanged';

/**
 * Saves to this device first (the sync engine sends it on). A create gets its id here so it works
 * offline; an edit sends only the changed fields and the values they replaced. Throws LocalWriteError
 * with a Japanese message when nothing could be stored; the caller keeps the form as typed.
 */
export function useSaveCustomer() {
  const [saving, setSaving] = useState(false);

  const save = useCallback(async (original: LocalCustomer | null, values: CustomerFormValues): Promise<SaveOutcome> => {
    const fields = toCustomerFields(values);
    setSaving(true);
    try {
      if (!original) {
        await mutateAsCurrentUser('customer.create', { id: crypto.randomUUID(), ...fields });
        return 'created';
      }
      const { patch, base, changed } = diffFields(toCustomerFields(formValuesOf(original)), fields);
      if (!changed) return 'unchanged';
      await mutateAsCurrentUser('customer.update', { id: original.id, patch, base });
      return 'updated';
    } finally {
      setSaving(false);
    }
  }, []);

  return { save, saving };
}
