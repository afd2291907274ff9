import type { FieldOf, MutationArgs, MutationNameOf, RowOf, SyncedTable } from '@clinic/sync-protocol';
import type { Db } from '../db/dialect';
import type { MutatorContext } from './mutator-context';

/**
 * Everything the server knows of one synced entity, typed by the protocol's registry, so a new entity
 * that leaves out a mutator, a column or its audit name does not build. Generic code (push, pull,
 * its audit, REST helpers) loops over these and names no entity.
 */
export type ServerEntity<T extends SyncedTable, Row extends { id: string }> = {
  /** The audit log's name for one record ("customer"): reads are `<name>.read`, changes `<mutation name>`. */
  auditName: string;
  /** Each field a person edits -> its column, for patches and conflicts. */
  columns: { readonly [F in FieldOf<T>]: keyof Row & string };
  /** Each mutation's server effect; every check comes before the first write. */
  mutators: { [N in MutationNameOf<T>]: (ctx: MutatorContext, args: MutationArgs<N>) => Promise<unknown> };
  /** Rows with after < version <= upTo (tombstones too) in version order, as the wire shows them. */
  changedBetween(db: Db, after: number, upTo: number, limit?: number): Promise<RowOf<T>[]>;
};

/** Names the entity's types once at its definition, where the full row type is known. */
export function defineServerEntity<T extends SyncedTable, Row extends { id: string }>(
  _table: T,
  entity: ServerEntity<T, Row>,
) {
  return entity;
}
