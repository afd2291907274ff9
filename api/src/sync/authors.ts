import type { WireMutation } from '@clinic/sync-protocol';
import type { Db } from '../db/dialect';

type Person = { id: string; username: string };

/** Who made each change of a push (see `of`). */
export interface Authors {
  of(mutation: WireMutation): Person;
}

/**
 * The authors a push's changes name, looked up once per push. A change is recorded as made by its
 * author when the server knows them (a deleted account included: it made the change before it was
 * deleted); an author it does not know, or none (an app from before authors were sent), is the
 * sender. The author is the device's word and is only ever used to name who made a change: rights
 * are always the sender's (see MutatorContext).
 */
export async function authorsOf(db: Db, sender: Person, mutations: readonly WireMutation[]): Promise<Authors> {
  const ids = [...new Set(mutations.flatMap((m) => (m.authorId && m.authorId !== sender.id ? [m.authorId] : [])))];
  const known =
    ids.length === 0 ? [] : await db.selectFrom('users').select(['id', 'username']).where('id', 'in', ids).execute();
  const byId = new Map<string, Person>(known.map((user) => [user.id, { id: user.id, username: user.username }]));
  return { of: (mutation) => (mutation.authorId && byId.get(mutation.authorId)) || sender };
}
