import { z } from 'zod';
import { mutationArgsSchemas } from '../synced-entities';
import type { MutationName } from '../synced-tables';

export type MutationArgs<N extends MutationName> = z.infer<(typeof mutationArgsSchemas)[N]>;
export type MutationArgsInput<N extends MutationName> = z.input<(typeof mutationArgsSchemas)[N]>;
export const MUTATION_NAMES = Object.keys(mutationArgsSchemas) as MutationName[];

/**
 * Who made the change: the id of the person signed in on the device when it was made. A shared tablet's
 * outbox is sent by whoever signs in online next, so the sender may be someone else. It is the device's
 * word, not a proof: the server names it in the audit beside the sender, and checks rights against the
 * sender only. A value that is not a user id (too long, not a UUID) is read as absent rather than
 * refusing the push: an author is never worth a stuck outbox.
 */
export const mutationAuthorSchema = z.string().max(36, { abort: true }).pipe(z.uuid()).optional().catch(undefined);

const base = {
  /** Per-client sequence: 1, 2, 3, … */
  id: z.number().int().positive(),
  clientTime: z.string(),
  authorId: mutationAuthorSchema,
};

/** A mutation as it travels: the name and args are checked one by one, so a bad one becomes a rejection. */
export const wireMutationSchema = z.object({ ...base, name: z.string().min(1), args: z.unknown() });
export type WireMutation = z.infer<typeof wireMutationSchema>;

/** The typed outbox entry: a discriminated union on `name`, args typed by name. */
export type Mutation = {
  [N in MutationName]: {
    id: number;
    clientTime: string;
    authorId?: string | undefined;
    name: N;
    args: MutationArgs<N>;
  };
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
