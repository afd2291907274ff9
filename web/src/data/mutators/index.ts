import { type Mutation, type MutationArgs, type MutationName, SYNCED_TABLES } from '@clinic/sync-protocol';
import { type LocalMutator, webEntity } from '../entities';
import type { LocalContext } from './local-context';

type LocalMutators = { [N in MutationName]: LocalMutator<MutationArgs<N>, object> };

/**
 * Every mutation's local effect, by name, gathered from the entity descriptors. Each descriptor's
 * `mutators` is typed by its own names; their union over all tables is every name, which TypeScript
 * cannot follow through the list.
 */
export const localMutators = Object.fromEntries(
  SYNCED_TABLES.flatMap((table) => Object.entries(webEntity(table).mutators)),
) as LocalMutators;

export function applyLocal(ctx: LocalContext, mutation: Pick<Mutation, 'name' | 'args'>): Promise<object | undefined> {
  // TypeScript cannot relate `mutation.args` to `localMutators[mutation.name]` through the union;
  // the discriminated union guarantees they match.
  const mutator = localMutators[mutation.name] as LocalMutator<Mutation['args'], object>;
  return mutator(ctx, mutation.args);
}
