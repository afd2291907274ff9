import { sessionStore } from '../auth/session-store';
import { type Draft, draftKey } from './open-forms';

/**
 * The draft being given back to its owner after they signed in again: published by DraftRestore once it
 * has moved to the draft's screen; the screen reopens the dialog (useReopenDraft), whose form takes the
 * values (useDraft). It is its owner's alone: under anyone else's session it is not there.
 */
let pending: (Draft & { userId: string }) | null = null;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

const publish = (draft: (Draft & { userId: string }) | null): void => {
  pending = draft;
  notify();
};
const current = (): Draft | null => (pending && pending.userId === sessionStore.get()?.user.id ? pending : null);

export const restoring = {
  current,
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  publish,
  /** The values waiting for the form `key`, or undefined. */
  peek: (key: string | null): unknown => {
    const draft = current();
    return draft && key && draftKey(draft) === key ? draft.values : undefined;
  },
  /** The form took them. */
  take: (key: string): void => {
    if (pending && draftKey(pending) === key) publish(null);
  },
  /** The owner's app went before a screen took them. */
  forget: (userId: string): void => {
    if (pending?.userId === userId) publish(null);
  },
};
