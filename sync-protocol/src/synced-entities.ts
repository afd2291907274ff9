import type { z } from 'zod';
import { APPOINTMENT_FIELDS, appointmentSchema } from './entities/appointment';
import { CUSTOMER_FIELDS, customerSchema } from './entities/customer';
import { DIAGNOSIS_FIELDS, diagnosisSchema } from './entities/diagnosis';
import { FACE_ANALYSIS_FIELDS, faceAnalysisSchema } from './entities/face-analysis';
import { MEDIA_FIELDS, mediaSchema } from './entities/media';
import { PAIN_MARKER_FIELDS, painMarkerSchema } from './entities/pain-marker';
import { SURVEY_FIELDS, surveySchema } from './entities/survey';
import { VISIT_FIELDS, visitSchema } from './entities/visit';
import { appointmentMutationArgs } from './mutations/appointment';
import { customerMutationArgs } from './mutations/customer';
import { diagnosisMutationArgs, painMarkerMutationArgs } from './mutations/diagnosis';
import { faceAnalysisMutationArgs } from './mutations/face-analysis';
import { mediaMutationArgs } from './mutations/media';
import { surveyMutationArgs } from './mutations/survey';
import { visitMutationArgs } from './mutations/visit';
import type { MutationName, MutationNameOf, SyncedTable, TABLE_MUTATIONS } from './synced-tables';

/** What every mutation's args must have: the id of the one record it changes. */
type RecordArgs = z.ZodType<{ id: string }, { id: string }>;

/**
 * The synced entities, by the table name the protocol uses: the row a pull carries, the fields a
 * person edits (what an update's patch may hold) and the mutations that change it. Adding an entity
 * (visits, …) is one entry here; the pull's `changes`, the mutation union and the mutation-to-table
 * map below all follow from it, and each side's descriptor is typed by it.
 */
export const syncedEntities = {
  customers: { row: customerSchema, fields: CUSTOMER_FIELDS, mutations: customerMutationArgs },
  visits: { row: visitSchema, fields: VISIT_FIELDS, mutations: visitMutationArgs },
  surveys: { row: surveySchema, fields: SURVEY_FIELDS, mutations: surveyMutationArgs },
  diagnoses: { row: diagnosisSchema, fields: DIAGNOSIS_FIELDS, mutations: diagnosisMutationArgs },
  painMarkers: { row: painMarkerSchema, fields: PAIN_MARKER_FIELDS, mutations: painMarkerMutationArgs },
  media: { row: mediaSchema, fields: MEDIA_FIELDS, mutations: mediaMutationArgs },
  faceAnalyses: { row: faceAnalysisSchema, fields: FACE_ANALYSIS_FIELDS, mutations: faceAnalysisMutationArgs },
  appointments: { row: appointmentSchema, fields: APPOINTMENT_FIELDS, mutations: appointmentMutationArgs },
} as const satisfies Record<
  string,
  { row: z.ZodType; fields: readonly string[]; mutations: Record<string, RecordArgs> }
>;

// The zod-free lists (synced-tables.ts) name exactly these tables and mutations: both ways, or no build.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const sameTables: Same<keyof typeof syncedEntities, SyncedTable> = true;
const sameMutations: {
  [T in SyncedTable]: Same<keyof (typeof syncedEntities)[T]['mutations'], (typeof TABLE_MUTATIONS)[T][number]>;
} = {
  customers: true,
  visits: true,
  surveys: true,
  diagnoses: true,
  painMarkers: true,
  media: true,
  faceAnalyses: true,
  appointments: true,
};
void sameTables;
void sameMutations;

type Entity = (typeof syncedEntities)[SyncedTable];
/** A synced table's row as the server sends it. */
export type RowOf<T extends SyncedTable> = z.infer<(typeof syncedEntities)[T]['row']>;
/** The fields of a table a person edits. */
export type FieldOf<T extends SyncedTable> = (typeof syncedEntities)[T]['fields'][number];

type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
type AllMutationArgs = UnionToIntersection<Entity['mutations']>;

const entities = Object.entries(syncedEntities) as [SyncedTable, Entity][];

/** Every mutation's args schema, by name (`customer.create`, …). */
export const mutationArgsSchemas = Object.assign({}, ...entities.map(([, entity]) => entity.mutations)) as {
  [N in MutationName]: AllMutationArgs[N];
};
/** The table a mutation changes, as a type. */
export type TableOfMutation<N extends MutationName> = {
  [T in SyncedTable]: N extends MutationNameOf<T> ? T : never;
}[SyncedTable];
