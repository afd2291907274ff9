import type { z } from 'zod';
import { customerSchema } from './entities/customer';
import { customerMutationArgs } from './mutations/customer';

/** What every mutation's args must have: the id of the one record it changes. */
type RecordArgs = z.ZodType<{ id: string }, { id: string }>;

/**
 * The synced entities, by the table name the protocol uses: the row a pull carries and the mutations
 * that change it. Adding an entity (visits, …) is one entry here; the pull's `changes`, the mutation
 * union and the mutation-to-table map below all follow from it.
 */
export const syncedEntities = {
  customers: { row: customerSchema, mutations: customerMutationArgs },
} as const satisfies Record<string, { row: z.ZodType; mutations: Record<string, RecordArgs> }>;

export type SyncedTable = keyof typeof syncedEntities;
type Entity = (typeof syncedEntities)[SyncedTable];
type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
type AllMutationArgs = UnionToIntersection<Entity['mutations']>;

const entities = Object.entries(syncedEntities) as [SyncedTable, Entity][];

/** Every mutation's args schema, by name (`customer.create`, …). */
export const mutationArgsSchemas = Object.assign({}, ...entities.map(([, entity]) => entity.mutations)) as {
  [N in keyof AllMutationArgs]: AllMutationArgs[N];
};
export type MutationName = keyof typeof mutationArgsSchemas;

/** The table each mutation changes; the record is always `args.id`. */
export const MUTATION_TABLE = Object.fromEntries(
  entities.flatMap(([table, entity]) => Object.keys(entity.mutations).map((name) => [name, table])),
) as Record<MutationName, SyncedTable>;
