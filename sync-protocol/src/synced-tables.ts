/**
 * The synced tables and the mutations of each, zod-free: the device's database, its entity descriptors
 * and its outbox need these names as the app starts, before any schema (and zod) is loaded. The
 * schemas behind each name are in synced-entities.ts, which checks at compile time that both list the
 * same tables and mutations.
 */
export const TABLE_MUTATIONS = {
  customers: ['customer.create', 'customer.update', 'customer.delete'],
  visits: ['visit.create', 'visit.update', 'visit.delete'],
  surveys: ['survey.submit', 'survey.update'],
  diagnoses: ['diagnosis.create', 'diagnosis.update', 'diagnosis.delete'],
  painMarkers: ['painMarker.create', 'painMarker.update', 'painMarker.delete'],
  media: ['media.create'],
  faceAnalyses: ['faceAnalysis.create'],
  appointments: ['appointment.create', 'appointment.update'],
} as const;

export type SyncedTable = keyof typeof TABLE_MUTATIONS;
export const SYNCED_TABLES = Object.keys(TABLE_MUTATIONS) as SyncedTable[];
export type MutationName = (typeof TABLE_MUTATIONS)[SyncedTable][number];
/** The mutations that change one table. */
export type MutationNameOf<T extends SyncedTable> = (typeof TABLE_MUTATIONS)[T][number];

export function isSyncedTable(name: string): name is SyncedTable {
  return Object.hasOwn(TABLE_MUTATIONS, name);
}

/** The table each mutation changes; the record is always `args.id`. */
export const MUTATION_TABLE = Object.fromEntries(
  SYNCED_TABLES.flatMap((table) => TABLE_MUTATIONS[table].map((name) => [name, table])),
) as Record<MutationName, SyncedTable>;

export function isMutationName(name: string): name is MutationName {
  return Object.hasOwn(MUTATION_TABLE, name);
}
