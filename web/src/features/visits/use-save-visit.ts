import { VISIT_FIELDS, diffFields } from '@clinic/sync-protocol';
import { useCallback, useRef, useState } from 'react';
import type { LocalVisit } from '../../db/clinic-db';
import { mutateAsCurrentUser } from '../../sync';
import { originalFields, toNewVisitFields, toVisitFields, type VisitFormValues } from './visit-form-values';

const SPINNER_DELAY_MS = 300;

export type SaveOutcome = 'created' | 'updated' | 'unchanged';
export type SaveResult = { outcome: SaveOutcome; id: string };

/**
 * Saves to this device first (the sync engine sends it on), offline too. A create gets its id here; an
 * edit sends only the changed fields and the values they replaced, so a colleague's change to another
 * field of the same visit is kept. Throws LocalWriteError with a Japanese message when nothing could be
 * stored. Resolves null, doing nothing, while an earlier save is still being stored.
 */
export function useSaveVisit() {
  const [saving, setSaving] = useState(false);
  const inFlight = useRef(false);

  const save = useCallback(async (original: LocalVisit | null, values: VisitFormValues): Promise<SaveResult | null> => {
    if (inFlight.current) return null; // a second tap on 保存 while the first is being stored
    inFlight.current = true;
    // A local save takes a few ms: the spinner shows only when storing is unusually slow.
    let spinnerShown = false;
    const spinner = setTimeout(() => {
      spinnerShown = true;
      setSaving(true);
    }, SPINNER_DELAY_MS);
    try {
      if (!original) {
        const id = crypto.randomUUID();
        await mutateAsCurrentUser('visit.create', { id, ...toNewVisitFields(values) });
        return { outcome: 'created', id };
      }
      const { patch, base, changed } = diffFields(VISIT_FIELDS, originalFields(original), toVisitFields(values));
      if (!changed) return { outcome: 'unchanged', id: original.id };
      await mutateAsCurrentUser('visit.update', { id: original.id, patch, base });
      return { outcome: 'updated', id: original.id };
    } finally {
      clearTimeout(spinner);
      inFlight.current = false;
      if (spinnerShown) setSaving(false);
    }
  }, []);

  return { save, saving };
}
