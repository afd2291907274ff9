import type { Table } from 'dexie';
import { type Mutation, type MutationArgsInput, type MutationName, mutationArgsSchemas } from '@clinic/sync-protocol';
import type { ClinicDb } from './clinic-db';
import { LocalWriteError, toLocalWriteError } from './local-write-error';
import { appendToOutbox } from './meta';
import { applyLocal } from './mutators';

export type MutateOptions = {
  userName: string | null;
  /**
   * The signed-in person's id, kept on each queued change as its author: on a shared tablet the outbox
   * is sent by whoever signs in online next, and the server's audit names who made each change.
   */
  authorId?: string | null;
  now?: () => Date;
  /**
   * A device-only write that belongs with the changes (a capture's file with its record): it runs in
   * the same transaction, so the file and the queued change are kept together or not at all.
   */
  alongside?: { tables: readonly Table[]; write: () => Promise<unknown> };
};

/** One change for mutateAll: a mutation name and its arguments, typed as a pair. */
export type Change = { [N in MutationName]: { name: N; args: MutationArgsInput<N> } }[MutationName];

/**
 * The one way screens change synced data: validate, then in ONE Dexie transaction apply the change
 * locally and append it to the outbox. Either both happen or neither (a full disk loses nothing).
 */
export async function mutate<N extends MutationName>(
  db: ClinicDb,
  name: N,
  args: MutationArgsInput<N>,
  options: MutateOptions,
): Promise<Mutation> {
  const [mutation] = await mutateAll(db, [{ name, args } as Change], options);
  if (!mutation) throw new LocalWriteError('保存に失敗しました', 'storage');
  return mutation;
}

/**
 * Several changes that belong together (a diagnosis and its pain markers), all validated first, then
 * applied and queued in ONE transaction in the given order: the record is kept whole or not at all.
 */
export async function mutateAll(db: ClinicDb, changes: readonly Change[], options: MutateOptions): Promise<Mutation[]> {
  const parsed = changes.map(({ name, args }) => {
    const result = mutationArgsSchemas[name].safeParse(args);
    if (!result.success) {
      throw new LocalWriteError(result.error.issues[0]?.message ?? '入力内容が正しくありません', 'validation');
    }
    return { name, args: result.data };
  });
  const clientTime = (options.now?.() ?? new Date()).toISOString();
  const done: Mutation[] = [];
  try {
    await db.transaction(
      'rw',
      [...db.allSynced(), db.outbox, db.meta, ...(options.alongside?.tables ?? [])],
      async () => {
        done.length = 0; // a retried transaction starts over
        await options.alongside?.write();
        for (const { name, args } of parsed) {
          // The schema map and the union are built from the same entries, so this pairing is sound.
          const change = {
            name,
            args,
            clientTime,
            ...(options.authorId ? { authorId: options.authorId } : {}),
          } as Pick<Mutation, 'name' | 'args' | 'clientTime' | 'authorId'>;
          // Numbering and the local change do not depend on each other: sending both at once halves the
          // round trips to IndexedDB, which are most of the time a save takes before its row can show.
          const [mutation] = await Promise.all([
            appendToOutbox(db, change),
            applyLocal({ db, clientTime, userName: options.userName }, change),
          ]);
          done.push(mutation);
        }
      },
    );
  } catch (error) {
    throw toLocalWriteError(error);
  }
  // Readers hear of the commit from Dexie itself (see table-changes.ts).
  return done;
}
