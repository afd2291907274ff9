import type { Generated } from 'kysely';

export interface CountersTable {
  name: 'version' | 'chart_number';
  value: number;
}

/** A browser profile that pushes; `user_id` is who first synced with it (any signed-in user may push for it). */
export interface SyncClientsTable {
  client_id: string;
  user_id: string;
  last_mutation_id: number;
  /** The highest version its last push took (see migration 2026-12-01T0100 and counters.repository.ts). */
  last_version: Generated<number>;
  created_at: string;
  updated_at: string;
  /** SHA-256 (hex) of the device's credential (issue 34); null until a client from before registers. */
  credential_hash: string | null;
}

export interface SyncRejectionsTable {
  id: Generated<number>;
  client_id: string;
  mutation_id: number;
  name: string;
  /** JSON text of the mutation's args, kept so the person can retry it. */
  args: string;
  reason: string;
  at: string;
  version: number;
}

export interface SyncConflictsTable {
  id: Generated<number>;
  table_name: string;
  record_id: string;
  field: string;
  /** JSON text of the value that was overwritten, and of the value that replaced it. */
  overwritten: string | null;
  value: string | null;
  by: string | null;
  overwritten_by: string | null;
  at: string;
  version: number;
}

/** One restore epoch; the row with the highest seq is the current one (see epoch.repository.ts). */
export interface SyncEpochsTable {
  seq: number;
  epoch: string;
  started_at: string;
  /** The epoch and version the restored backup was taken at; null for the first epoch. */
  restored_from_epoch: string | null;
  restored_from_version: number | null;
  backup_taken_at: string | null;
}

export interface SyncTables {
  counters: CountersTable;
  sync_clients: SyncClientsTable;
  sync_rejections: SyncRejectionsTable;
  sync_conflicts: SyncConflictsTable;
  sync_epochs: SyncEpochsTable;
}
