import {
  type DiagnosisField,
  diagnosisFieldsSchema,
  diagnosisMutationArgs,
  painMarkerFieldsSchema,
} from '@clinic/sync-protocol';
import { z } from 'zod';
import { specNamedBody } from '../http/spec-names';

/** The spec's snake_case name of each diagnosis field, as REST bodies and answers use them. */
const DIAGNOSIS_SPEC_NAMES = {
  customer_id: 'customerId',
  visit_id: 'visitId',
  date: 'date',
  general_health: 'generalHealth',
  notes: 'notes',
} as const satisfies Record<string, DiagnosisField>;

/**
 * One of the spec's `bodyParts`. Its `id` is the device's local sequence (spec 3) or, once the part
 * came from the server, the marker's UUID; it is kept apart as `ref`. Region, notes, 消失 and the
 * number may be left out: a client that does not know them (the spec's) leaves them as they are.
 */
const bodyPartSchema = specNamedBody(
  {
    id: 'ref',
    number: 'number',
    body_part: 'bodyPart',
    pain_level: 'painLevel',
    x: 'x',
    y: 'y',
    view: 'view',
    notes: 'notes',
    region: 'region',
    resolved: 'resolved',
  },
  painMarkerFieldsSchema
    .partial({ number: true, region: true, notes: true, resolved: true })
    .extend({ ref: z.union([z.uuid(), z.number()]).nullish() }),
);
export type BodyPart = z.infer<typeof bodyPartSchema>;

/** POST: the record and its body parts. The id and the date (today in Japan) may be left out. */
export const createBody = (today: () => string) =>
  specNamedBody(
    { id: 'id', ...DIAGNOSIS_SPEC_NAMES, bodyParts: 'bodyParts' },
    diagnosisMutationArgs['diagnosis.create'].extend({ bodyParts: z.array(bodyPartSchema).default([]) }),
    () => ({ id: crypto.randomUUID(), date: today() }),
  );

/** PUT: the fields it names, and, when `bodyParts` is there, the whole list of spots as it should be. */
export const updateBody = specNamedBody(
  { ...DIAGNOSIS_SPEC_NAMES, bodyParts: 'bodyParts' },
  diagnosisFieldsSchema.partial().extend({ bodyParts: z.array(bodyPartSchema).optional() }),
);
