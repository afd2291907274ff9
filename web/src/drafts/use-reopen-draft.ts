import { useEffect, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router-dom';
import { restoring } from './restoring';

/**
 * A screen reopens its dialog for a draft given back to its owner (DraftRestore): `reopen(recordId)`
 * opens form `form` for that record (null: a new one). Until the dialog's form takes the values
 * (useDraft), it is asked again whenever it changes: a list still loading finds the record later.
 */
export function useReopenDraft(form: string, reopen: (recordId: string | null) => void): void {
  const pending = useSyncExternalStore(restoring.subscribe, restoring.current, restoring.current);
  const { pathname } = useLocation();
  const here = pending !== null && pending.form === form && pending.path.split('?')[0] === pathname;
  const recordId = pending?.recordId ?? null;
  useEffect(() => {
    if (here) reopen(recordId);
  }, [here, recordId, reopen]);
}
