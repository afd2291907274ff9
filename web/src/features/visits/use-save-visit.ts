import { VISIT_FIELDS, diffFields } from '@clinic/sync-protocol';
import { useCallback } from 'react';
import { useSingleSave } from '../../components/form-dialog';
import type { LocalVisit } from '../../data/clinic-db';
import { mutateAsCurrentUser } from '../../data';
import { originalFields, toNewVisitFields, toVisitFields, type VisitFormValues } from './visit-form-values';

export type SaveOutcome = 'created' | 'updated' | 'unchanged';
/** `customerId`: whose visit it is, so the screen can go on to that patient's pre-survey. */
export type SaveResult = { outcome: SaveOutcome; id: string; customerId: string };

/**
 * Saves to this device first (the sync engine sends it on), offline too. A create gets its id here; an
 * edit sends only the changed fields and the values they replaced, so a colleague's change to another
 * field of the same visit is kept. Throws LocalWriteError with a Japanese message when nothing could be
 * stored. Resolves null, doing nothing, while an earlier save is still being stored.
 */
export function useSaveVisit() {
  const { run, saving } = useSingleSave();

  const save = useCallback(
    (original: LocalVisit | null, values: VisitFormValues): Promise<SaveResult | null> =>
      run(async (): Promise<SaveResult> => {
        if (!original) {
          const id = crypto.randomUUID();
          const fields = toNewVisitFields(values);
          await mutateAsCurrentUser('visit.create', { id, ...fields });
          return { outcome: 'created', id, customerId: fields.customerId };
        }
        const { patch, base, changed } = diffFields(VISIT_FIELDS, originalFields(original), toVisitFields(values));
        if (!changed) return { outcome: 'unchanged', id: original.id, customerId: original.customerId };
        await mutateAsCurrentUser('visit.update', { id: original.id, patch, base });
        return { outcome: 'updated', id: original.id, customerId: patch.customerId ?? original.customerId };
      }),
    [run],
  );

  return { save, saving };
}
