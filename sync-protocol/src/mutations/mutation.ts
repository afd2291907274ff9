import { z } from 'zod';
import { mutationArgsSchemas } from '../synced-entities';
import type { MutationName } from '../synced-tables';

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

/** The typed outbox entry: a discriminated union on `name`, args typed by name. */
export type Mutation = {
  [N in MutationName]: { id: number; clientTime: string; name: N; args: MutationArgs<N> };
}[MutationName];
export type MutationOf<N extends MutationName> = Extract<Mutation, { name: N }>;

const variant = (name: MutationName) => z.object({ ...base, name: z.literal(name), args: mutationArgsSchemas[name] });
const [first, ...rest] = MUTATION_NAMES.map(variant);

// Built from the registry at run time, so TypeScript cannot see the pairing of name and args that
// `Mutation` spells out; the variants are exactly those, one per name.
export const mutationSchema = z.discriminatedUnion('name', [first!, ...rest]) as unknown as z.ZodType<
  Mutation,
  z.input<typeof first>
>;
