import { MUTATION_TABLE, type Mutation, type MutationArgs, type MutationName, type SyncedTable } from '@clinic/sync-protocol';
import { customerMutators } from './customer';
import type { LocalContext } from './local-context';

type LocalMutators = { [N in MutationName]: (ctx: LocalContext, args: MutationArgs<N>) => Promise<void> };

/** Every mutation's local effect, by name. A new synced entity adds its mutators here. */
export const localMutators: LocalMutators = { ...customerMutators };

/** The record each mutation touches, for change notices: every mutation names it by `args.id`. */
export function touchedRecord(mutation: Mutation): { table: SyncedTable; id: string } {
  return { table: MUTATION_TABLE[mutation.name], id: mutation.args.id };
}

export function applyLocal(ctx: LocalContext, mutation: Mutation): Promise<void> {
  // TypeScript cannot relate `mutation.args` to `localMutators[mutation.name]` through the union;
  // the discriminated union guarantees they match.
  const mutator = localMutators[mutation.name] as (ctx: LocalContext, args: Mutation['args']) => Promise<void>;
  return mutator(ctx, mutation.args);
}
