import { type Mutation, type MutationArgsInput, type MutationName, mutationArgsSchemas } from '@clinic/sync-protocol';
import { type TableChange, notifyChanged } from '../db/changes';
import type { ClinicDb } from '../db/clinic-db';
import { LocalWriteError, toLocalWriteError } from './errors';
import { appendToOutbox } from './meta';
import { applyLocal, touchedRecord } from './mutators';

export type MutateOptions = { userName: string | null; now?: () => Date };

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
  const parsed = mutationArgsSchemas[name].safeParse(args);
  if (!parsed.success) {
    throw new LocalWriteError(parsed.error.issues[0]?.message ?? '入力内容が正しくありません', 'validation');
  }
  const clientTime = (options.now?.() ?? new Date()).toISOString();
  let mutation: Mutation | undefined;
  let row: object | undefined;
  try {
    await db.transaction('rw', [...db.allSynced(), db.outbox, db.meta], async () => {
      // The schema map and the union are built from the same entries, so this pairing is sound.
      const change = { name, args: parsed.data, clientTime } as Pick<Mutation, 'name' | 'args' | 'clientTime'>;
      // Numbering and the local change do not depend on each other: sending both at once halves the
      // round trips to IndexedDB, which are most of the time a save takes before its row can show.
      [mutation, row] = await Promise.all([appendToOutbox(db, change), applyLocal({ db, clientTime, userName: options.userName }, change)]);
    });
  } catch (error) {
    throw toLocalWriteError(error);
  }
  if (!mutation) throw new LocalWriteError('保存に失敗しました', 'storage');
  const touched = touchedRecord(mutation);
  // The row was written by the mutator of the touched table, so it is that table's row.
  notifyChanged({ table: touched.table, ids: [touched.id], rows: [row] } as TableChange);
  notifyChanged({ table: 'outbox', ids: [String(mutation.id)] });
  return mutation;
}
