import type { MutationArgsInput, MutationName } from '@clinic/sync-protocol';
import { sessionStore } from '../auth/session-store';
import { localDb } from './local-db';
import type { Change } from './mutate';

/*
 * How screens save: the logged-in user's changes to the device's database. The mutation checks (mutate.ts
 * and its schemas) load on the first save rather than with the first screen: a list paints without them.
 */

/** Who is making a change: named on the record at once, and on its queued mutation as its author. */
export const currentAuthor = () => {
  const user = sessionStore.get()?.user;
  return { userName: user?.username ?? null, authorId: user?.id ?? null };
};

/** A local change by the logged-in user (see mutate). */
export async function mutateAsCurrentUser<N extends MutationName>(name: N, args: MutationArgsInput<N>) {
  const { mutate } = await import('./mutate');
  return mutate(localDb, name, args, currentAuthor());
}

/** Several local changes by the logged-in user, kept together or not at all (see mutateAll). */
export async function mutateAllAsCurrentUser(changes: readonly Change[]) {
  const { mutateAll } = await import('./mutate');
  return mutateAll(localDb, changes, currentAuthor());
}
