/**
 * The forms open right now, so the lock can keep what is typed in them for its owner when the session
 * passes to someone else (issue 25). Only this registry is in the first screen's code: the lock calls
 * it; the writing (draft-db) comes with the forms, which are loaded whenever one is open.
 */

/** Which form, on which screen: enough to open the same dialog again. `recordId` null: a new record. */
export type DraftTarget = { form: string; recordId: string | null };
/** What is kept of an open form; `values` as the form holds them (JSON). */
export type Draft = DraftTarget & { path: string; values: unknown };

type OpenForm = DraftTarget & { values: () => unknown };
/** Stores `drafts` and deletes those of `cleared` (kept before, nothing typed now). */
type Writer = (userId: string, drafts: Draft[], cleared: DraftTarget[]) => Promise<void>;

export const draftKey = ({ form, recordId }: DraftTarget): string => `${form}:${recordId ?? 'new'}`;

const open = new Map<string, OpenForm & { path: string }>();
/** Forms whose draft is stored (kept here, or given back): closing them deletes it. */
const kept = new Set<string>();
let writer: Writer | null = null;
let keeping = false;
/** The screen shown (DraftRestore notes it), so a draft reopens where it was typed. */
let currentPath = '';

export function notePath(path: string): void {
  currentPath = path;
}

/** A form opened; `values()` answers undefined while nothing is typed. Returns its closing. */
export function trackOpenForm(entry: OpenForm, write: Writer): () => void {
  const key = draftKey(entry);
  open.set(key, { ...entry, path: currentPath });
  writer = write;
  return () => {
    if (open.get(key)?.values === entry.values) open.delete(key);
  };
}

/**
 * The lock covers the app, or the session ends: the typed values of every open form are written (sealed)
 * for `userId`. Null when there is nothing to keep. Until the lock opens again, a form that goes away
 * (its app unmounted for the next person) leaves its draft in place.
 */
export function keepOpenForms(userId: string): Promise<void> | null {
  const drafts: Draft[] = [];
  const cleared: DraftTarget[] = [];
  for (const { values, ...target } of open.values()) {
    const now = values();
    const key = draftKey(target);
    if (now !== undefined) drafts.push({ ...target, values: now });
    else if (kept.has(key)) cleared.push(target);
    if (now !== undefined) kept.add(key);
    else kept.delete(key);
  }
  if ((drafts.length === 0 && cleared.length === 0) || !writer) return null;
  keeping = true;
  return writer(userId, drafts, cleared).catch(() => undefined);
}

export function noteKept(key: string): void {
  kept.add(key);
}

/** Whether the form `key` had a draft stored; it has none from now on. */
export function forgetKept(key: string): boolean {
  return kept.delete(key);
}

/** True between keepOpenForms and the lock opening again. */
export const keepingForms = (): boolean => keeping;

/** The lock opened for the same person: closing a form (saved, cancelled) drops its draft again. */
export function stopKeepingForms(): void {
  keeping = false;
}
