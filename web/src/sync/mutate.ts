import { type Mutation, type MutationArgsInput, type MutationName, mutationArgsSchemas } from '@clinic/sync-protocol';
import { notifyChanged } from '../db/changes';
import { type ClinicDb, syncedTables } from '../db/clinic-db';
import { LocalWriteError, toLocalWriteError } from './errors';
import { takeMutationId } from './meta';
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
  let row: unknown;
  try {
    await db.transaction('rw', [...Object.values(syncedTables(db)), db.outbox, db.meta], async () => {
      const id = await takeMutationId(db);
      // The schema map and the union are built from the same entries, so this pairing is sound.
      mutation = { id, name, args: parsed.data, clientTime } as Mutation;
      await applyLocal({ db, clientTime, userName: options.userName }, mutation);
      await db.outbox.add(mutation);
      const touched = touchedRecord(mutation);
      row = await db.table(touched.table).get(touched.id);
    });
  } catch (error) {
    throw toLocalWriteError(error);
  }
  if (!mutation) throw new LocalWriteError('保存に失敗しました', 'storage');
  const touched = touchedRecord(mutation);
  notifyChanged({ table: touched.table, ids: [touched.id], rows: [row] });
  notifyChanged({ table: 'outbox', ids: [String(mutation.id)] });
  return mutation;
}
