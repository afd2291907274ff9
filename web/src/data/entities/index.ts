import {
  MUTATION_TABLE,
  type MutationName,
  SYNCED_TABLES,
  type SyncedTable,
  isMutationName,
  isSyncedTable,
} from '@clinic/sync-protocol/tables';
import { appointmentEntity } from './appointment';
import { customerEntity } from './customer';
import { diagnosisEntity, painMarkerEntity } from './diagnosis';
import { faceAnalysisEntity } from './face-analysis';
import { mediaEntity } from './media';
import { surveyEntity } from './survey';
import { visitEntity } from './visit';
import type { WebEntity } from './web-entity';

/**
 * Every synced entity's device side, by its protocol table name. A new entity adds one line here; the
 * type refuses the build until every table of the registry has its descriptor.
 */
const webEntities: { [T in SyncedTable]: WebEntity<T> } = {
  customers: customerEntity,
  visits: visitEntity,
  surveys: surveyEntity,
  diagnoses: diagnosisEntity,
  painMarkers: painMarkerEntity,
  media: mediaEntity,
  faceAnalyses: faceAnalysisEntity,
  appointments: appointmentEntity,
};

export function webEntity<T extends SyncedTable>(table: T): WebEntity<T> {
  return webEntities[table];
}

/** The entity a stored table name belongs to (a conflict's `table`), or null for one this version does not know. */
export function entityOfTable(table: string): { table: SyncedTable; entity: WebEntity<SyncedTable> } | null {
  return isSyncedTable(table) ? { table, entity: widen(table) } : null;
}

/** The entity a mutation name belongs to (a rejection's `name`), or null for an unknown one. */
export function entityOfMutation(
  name: string,
): { name: MutationName; table: SyncedTable; entity: WebEntity<SyncedTable> } | null {
  if (!isMutationName(name)) return null;
  const table = MUTATION_TABLE[name];
  return { name, table, entity: widen(table) };
}

/**
 * For generic code that handles any table at run time (labels, problems). Each descriptor's maps are
 * keyed by its own mutation and field names; read through the widened type they are looked up by a
 * name already checked to belong to that table.
 */
function widen(table: SyncedTable): WebEntity<SyncedTable> {
  return webEntities[table] as unknown as WebEntity<SyncedTable>;
}

export { SYNCED_TABLES };
export type { WebEntity, RetryKind, LocalMutator } from './web-entity';
export { customerLabel, customerLabelOf } from './customer-name';
