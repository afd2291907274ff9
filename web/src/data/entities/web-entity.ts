import type { FieldOf, MutationArgs, MutationNameOf, RowOf, SyncedTable } from '@clinic/sync-protocol';
import type { ClinicDb, LocalRow } from '../clinic-db';
import type { LocalContext } from '../mutators/local-context';

/** Applies one mutation to the device's tables; resolves to the row it wrote (undefined: nothing to change). */
export type LocalMutator<A, Row> = (ctx: LocalContext, args: A) => Promise<Row | undefined>;

/**
 * How a refused change is sent again as a new one, so the reason it failed does not repeat:
 * `as-new` gives a create a fresh id (the old one may exist on the server); `rebase` bases an update on
 * the values the device holds now (so it is not stale); `resend` sends the same change (a delete).
 */
export type RetryKind = 'as-new' | 'rebase' | 'resend';
type RetryKindOf<A> = A extends { patch: object; base: object } ? 'rebase' | 'resend' : 'as-new' | 'resend';

/**
 * Everything the device knows of one synced entity, typed by the protocol's registry, so a new entity
 * that leaves out a mutator, a label or a retry does not build. Generic code (mutate, pull, the problems
 * drawer, labels, the wipe) loops over these and names no entity.
 */
export type WebEntity<T extends SyncedTable> = {
  /** Each mutation's local effect, re-run on every rebase, so it must be repeatable. */
  mutators: { [N in MutationNameOf<T>]: LocalMutator<MutationArgs<N>, LocalRow<T>> };
  /** How a person names one record: 「山田 花子」, 「山田 花子」の来院記録 2026-11-20. */
  recordName(db: ClinicDb, row: RowOf<T>): Promise<string> | string;
  /** The name a change's own args give, for a record the device no longer has (a refused create). */
  nameInArgs(args: unknown): string | null;
  /** Shown when neither names the record. */
  unknownRecord: string;
  /** Said when an update cannot be retried because the record is gone from the device. */
  recordGone: string;
  mutationLabels: { readonly [N in MutationNameOf<T>]: string };
  fieldLabels: { readonly [F in FieldOf<T>]: string };
  /** A stored value as a person reads it, for fields that need more than the default (null: the default). */
  formatValue(field: FieldOf<T>, value: unknown): string | null;
  retry: { readonly [N in MutationNameOf<T>]: RetryKindOf<MutationArgs<N>> };
  /**
   * Deleted rows stay on the device (with `deleted: true`) instead of leaving it: other records name
   * them, and a visit of a deleted customer still shows whose it was, with 削除済み. Readers of such a
   * table skip deleted rows unless they look one up by id.
   */
  keepsTombstones: boolean;
};
