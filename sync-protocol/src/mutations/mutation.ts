import { z } from 'zod';
import { customerMutationArgs } from './customer';

/**
 * Every mutation's args schema, by name. A new synced entity adds its `xMutationArgs` here;
 * everything else (the union, the types, the server's dispatch) follows from this map.
 */
export const mutationArgsSchemas = {
  ...customerMutationArgs,
} as const;

export type MutationName = keyof typeof mutationArgsSchemas;
export type MutationArgs<N extends MutationName> = z.infer<(typeof mutationArgsSchemas)[N]>;
export type MutationArgsInput<N extends MutationName> = z.input<(typeof mutationArgsSchemas)[N]>;
export const MUTATION_NAMES = Object.keys(mutationArgsSchemas) as MutationName[];

const base = {
  /** Per-client sequence: 1, 2, 3, … */
  id: z.number().int().positive(),
  clientTime: z.string(),
};

/** A mutation as it travels: the name and args are checked one by one, so a bad one becomes a rejection. */
export const wireMutationSchema = z.object({ ...base, name: z.string().min(1), args: z.unknown() });
export type WireMutation = z.infer<typeof wireMutationSchema>;

function variant<N extends MutationName>(name: N) {
  return z.object({ ...base, name: z.literal(name), args: mutationArgsSchemas[name] });
}

/** The typed outbox entry: a discriminated union on `name`. */
export const mutationSchema = z.discriminatedUnion('name', [
  variant('customer.create'),
  variant('customer.update'),
  variant('customer.delete'),
]);
export type Mutation = z.infer<typeof mutationSchema>;
export type MutationOf<N extends MutationName> = Extract<Mutation, { name: N }>;
