import type { Mutation, MutationArgs, MutationName } from '@clinic/sync-protocol';
import { customerMutators } from '../customers/customer.mutators';
import type { MutatorContext } from './mutator-context';

type ServerMutators = { [N in MutationName]: (ctx: MutatorContext, args: MutationArgs<N>) => Promise<unknown> };

/** Every mutation's server effect, by name. A new synced entity adds its mutators here. */
export const serverMutators: ServerMutators = { ...customerMutators };

export function applyMutation(ctx: MutatorContext, mutation: Mutation): Promise<unknown> {
  // The discriminated union guarantees args match the mutator of the same name; TypeScript cannot
  // follow that through the lookup.
  const mutator = serverMutators[mutation.name] as (ctx: MutatorContext, args: Mutation['args']) => Promise<unknown>;
  return mutator(ctx, mutation.args);
}
