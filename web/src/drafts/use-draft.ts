import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { sessionStore } from '../auth/session-store';
import { hasDataKey } from '../vault/data-key';
import { deleteDraft, writeDrafts } from './draft-db';
import { type DraftTarget, draftKey, forgetKept, keepingForms, noteKept, trackOpenForm } from './open-forms';
import { restoring } from './restoring';

/** The values given back for `target` and not yet taken: what a screen that is its own form starts with. */
export const keptValues = (target: DraftTarget): unknown => restoring.peek(draftKey(target));

/**
 * An open form, kept for its owner when the session passes to someone else (open-forms), and given back
 * when they sign in again. `values()` answers undefined while nothing is typed; `onLate` takes kept
 * values that arrive after the form opened (a screen that is its own form). Returns the kept values to
 * start with (undefined: none), and `drop` for a save or a clearing that does not close the form;
 * closing it (saved, cancelled) drops its draft by itself.
 */
export function useDraft(
  target: DraftTarget | null,
  values: () => unknown,
  onLate?: (values: unknown) => void,
): { restored: unknown; drop: () => void } {
  const key = target && draftKey(target);
  // Only looked at here: the effect takes them, once (a strict-mode second render finds them too).
  const [restored] = useState(() => restoring.peek(key));
  const latest = useRef({ target, values, onLate });
  useEffect(() => {
    latest.current = { target, values, onLate };
  });

  const drop = useCallback(() => {
    const { target: now } = latest.current;
    const userId = sessionStore.get()?.user.id;
    // Only by its owner, with the key here: not while the form is taken away for the next person.
    if (!now || !userId || !hasDataKey() || keepingForms() || !forgetKept(draftKey(now))) return;
    void deleteDraft(userId, now).catch(() => undefined);
  }, []);

  useEffect(() => {
    if (!key) return;
    if (restored !== undefined) {
      restoring.take(key);
      noteKept(key);
    }
    const untrack = trackOpenForm({ ...latest.current.target!, values: () => latest.current.values() }, writeDrafts);
    return () => {
      untrack();
      drop();
    };
  }, [key, restored, drop]);

  const pending = useSyncExternalStore(restoring.subscribe, restoring.current, restoring.current);
  useEffect(() => {
    const late = restoring.peek(key);
    if (late === undefined || !key || !latest.current.onLate) return;
    restoring.take(key);
    noteKept(key);
    latest.current.onLate(late);
  }, [key, pending]);

  return { restored, drop };
}
