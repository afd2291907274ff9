import type { Mutation, MutationArgs, MutationName, SyncedTable } from '@clinic/sync-protocol';
import { appointmentEntity } from '../appointments/appointment.entity';
import { customerEntity } from '../customers/customer.entity';
import { diagnosisEntity } from '../diagnosis/diagnosis.entity';
import { faceAnalysisEntity } from '../face-analysis/face-analysis.entity';
import { mediaEntity } from '../media/media.entity';
import { painMarkerEntity } from '../diagnosis/pain-marker.entity';
import { surveyEntity } from '../surveys/survey.entity';
import { visitEntity } from '../visits/visit.entity';
import type { MutatorContext } from './mutator-context';
import type { ServerEntity } from './server-entity';

/**
 * Every synced entity's server side, by its protocol table name. A new entity adds one line here;
 * the type refuses the build until every table of the registry has its descriptor.
 */
export const serverEntities = {
  customers: customerEntity,
  visits: visitEntity,
  surveys: surveyEntity,
  diagnoses: diagnosisEntity,
  painMarkers: painMarkerEntity,
  media: mediaEntity,
  faceAnalyses: faceAnalysisEntity,
  appointments: appointmentEntity,
} satisfies { [T in SyncedTable]: ServerEntity<T, never> };

export const SERVER_TABLES = Object.keys(serverEntities) as SyncedTable[];

type ServerMutators = { [N in MutationName]: (ctx: MutatorContext, args: MutationArgs<N>) => Promise<unknown> };

/**
 * Every mutation's server effect, by name, gathered from the entities. Each entity's mutators are keyed by
 * its own mutation names, so together they name each mutation once; TypeScript cannot type that merge.
 */
export const serverMutators = Object.assign(
  {},
  ...SERVER_TABLES.map((table) => serverEntities[table].mutators),
) as ServerMutators;

export function applyMutation(ctx: MutatorContext, mutation: Mutation): Promise<unknown> {
  // The discriminated union guarantees args match the mutator of the same name; TypeScript cannot
  // follow that through the lookup.
  const mutator = serverMutators[mutation.name] as (ctx: MutatorContext, args: Mutation['args']) => Promise<unknown>;
  return mutator(ctx, mutation.args);
}

/** One entity's descriptor, typed by its table, for generic code. */
export function serverEntity<T extends SyncedTable>(table: T): ServerEntity<T, never> {
  // The `satisfies` above checks every entry against exactly this type; an indexed access by a
  // generic key is more than TypeScript follows.
  return serverEntities[table] as unknown as ServerEntity<T, never>;
}
