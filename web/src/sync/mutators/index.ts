import { MUTATION_TABLE, type Mutation, type MutationArgs, type MutationName, type SyncedTable } from '@clinic/sync-protocol';
import { customerMutators } from './customer';
import type { LocalContext } from './local-context';

/** Applies one mutation to the device's tables; resolves to the row it wrote, if any. */
type LocalMutator<A> = (ctx: LocalContext, args: A) => Promise<object | undefined>;
type LocalMutators = { [N in MutationName]: LocalMutator<MutationArgs<N>> };

/** Every mutation's local effect, by name. A new synced entity adds its mutators here. */
export const localMutators: LocalMutators = { ...customerMutators };

/** The record each mutation touches, for change notices: every mutation names it by `args.id`. */
export function touchedRecord(mutation: Mutation): { table: SyncedTable; id: string } {
  return { table: MUTATION_TABLE[mutation.name], id: mutation.args.id };
}

export function applyLocal(ctx: LocalContext, mutation: Pick<Mutation, 'name' | 'args'>): Promise<object | undefined> {
  // TypeScript cannot relate `mutation.args` to `localMutators[mutation.name]` through the union;
  // the discriminated union guarantees they match.
  const mutator = localMutators[mutation.name] as LocalMutator<Mutation['args']>;
  return mutator(ctx, mutation.args);
}
