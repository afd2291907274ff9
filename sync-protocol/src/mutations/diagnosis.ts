import { z } from 'zod';
import { diagnosisFieldsSchema, newDiagnosisFieldsSchema } from '../entities/diagnosis';
import { newPainMarkerFieldsSchema, painMarkerFieldsSchema } from '../entities/pain-marker';
import { NOTHING_CHANGED } from './nothing-changed';

const id = z.uuid();

export const diagnosisMutationArgs = {
  'diagnosis.create': newDiagnosisFieldsSchema.extend({ id }),
  /** Only the changed fields, plus the values the edit was based on (for conflict detection). */
  'diagnosis.update': z.object({
    id,
    patch: diagnosisFieldsSchema.partial().refine((p) => Object.keys(p).length > 0, NOTHING_CHANGED),
    base: diagnosisFieldsSchema.partial(),
  }),
  /** The record leaves every list; its markers stay with it (hidden), as a customer's records do. */
  'diagnosis.delete': z.object({ id }),
} as const;

export const painMarkerMutationArgs = {
  'painMarker.create': newPainMarkerFieldsSchema.extend({ id, diagnosisId: z.uuid() }),
  'painMarker.update': z.object({
    id,
    patch: painMarkerFieldsSchema.partial().refine((p) => Object.keys(p).length > 0, NOTHING_CHANGED),
    base: painMarkerFieldsSchema.partial(),
  }),
  'painMarker.delete': z.object({ id }),
} as const;
