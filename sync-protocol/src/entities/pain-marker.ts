import { z } from 'zod';
import { recordMetaSchema } from './record-meta';
import { storableString } from './text';

export const PAIN_LEVEL_MIN = 1;
export const PAIN_LEVEL_MAX = 10;
/** Spec 5: a new marker starts at 5. */
export const PAIN_LEVEL_DEFAULT = 5;

export const PAIN_MARKER_MESSAGES = {
  painLevel: `痛みの強さは${PAIN_LEVEL_MIN}から${PAIN_LEVEL_MAX}の整数で指定してください`,
  position: '痛みの位置が人体図の範囲外です',
  view: '人体図の向きは前面か背面を選んでください',
  number: '痛みの番号が正しくありません',
  notesTooLong: 'メモは500文字以内で入力してください',
  labelTooLong: '部位の名前が長すぎます',
} as const;

export const BODY_VIEWS = ['front', 'back'] as const;
export type BodyView = (typeof BODY_VIEWS)[number];

/** A percent of the figure, one decimal (spec 3): 0.0-100.0. */
const percent = z
  .number({ error: PAIN_MARKER_MESSAGES.position })
  .min(0, PAIN_MARKER_MESSAGES.position)
  .max(100, PAIN_MARKER_MESSAGES.position)
  .refine((v) => Math.abs(v * 10 - Math.round(v * 10)) < 1e-6, PAIN_MARKER_MESSAGES.position);

/**
 * The fields of one pain marker a person edits. A marker is its own synced record, so two devices
 * marking different spots of one diagnosis offline both keep their work.
 */
export const painMarkerFieldsSchema = z.object({
  /** The number shown on the figure and in the list (1, 2, 3, …), per diagnosis. */
  number: z
    .number({ error: PAIN_MARKER_MESSAGES.number })
    .int(PAIN_MARKER_MESSAGES.number)
    .min(1, PAIN_MARKER_MESSAGES.number)
    .max(999, PAIN_MARKER_MESSAGES.number),
  view: z.enum(BODY_VIEWS, { error: PAIN_MARKER_MESSAGES.view }),
  x: percent,
  y: percent,
  /** The named region the position falls in (`@clinic/sync-protocol/body`), null when unknown. */
  region: storableString().max(60, PAIN_MARKER_MESSAGES.labelTooLong).nullable(),
  /** The spec's label: front/back plus the x and y percentages, kept for the API. */
  bodyPart: storableString().max(60, PAIN_MARKER_MESSAGES.labelTooLong),
  painLevel: z
    .number({ error: PAIN_MARKER_MESSAGES.painLevel })
    .int(PAIN_MARKER_MESSAGES.painLevel)
    .min(PAIN_LEVEL_MIN, PAIN_MARKER_MESSAGES.painLevel)
    .max(PAIN_LEVEL_MAX, PAIN_MARKER_MESSAGES.painLevel),
  notes: storableString().trim().max(500, PAIN_MARKER_MESSAGES.notesTooLong),
  /** 消失: a carried-forward spot that has healed; history counts it as 0 (issue 10 §4). */
  resolved: z.boolean(),
});
export type PainMarkerFields = z.infer<typeof painMarkerFieldsSchema>;
export type PainMarkerField = keyof PainMarkerFields;
export const PAIN_MARKER_FIELDS = Object.keys(painMarkerFieldsSchema.shape) as PainMarkerField[];

export const newPainMarkerFieldsSchema = painMarkerFieldsSchema.extend({
  region: painMarkerFieldsSchema.shape.region.default(null),
  notes: painMarkerFieldsSchema.shape.notes.default(''),
  resolved: painMarkerFieldsSchema.shape.resolved.default(false),
});

/** A pain marker as stored and synced: it belongs to one diagnosis record. */
export const painMarkerSchema = painMarkerFieldsSchema
  .extend({ id: z.uuid(), diagnosisId: z.uuid() })
  .extend(recordMetaSchema.shape);
export type PainMarker = z.infer<typeof painMarkerSchema>;
