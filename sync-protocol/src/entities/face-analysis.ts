import { z } from 'zod';
import { EMOTION_TYPES } from '../face/face-result';
import { recordMetaSchema } from './record-meta';

/** The most faces one photo's record keeps: a treatment room holds a patient and a few others. */
export const FACE_ANALYSIS_LIMITS = { faces: 20, frames: 200 } as const;

export const FACE_ANALYSIS_SOURCES = ['photo', 'video'] as const;
export type FaceAnalysisSource = (typeof FACE_ANALYSIS_SOURCES)[number];

const percent = z.number().min(0).max(100);
const share = z.number().min(-0.5).max(1.5);

export const emotionSchema = z.object({ type: z.enum(EMOTION_TYPES), confidence: percent });

/** One face in the spec's shape (face/face-result.ts builds it); boxes are shares of the image. */
export const faceSchema = z.object({
  emotions: z.array(emotionSchema).max(EMOTION_TYPES.length),
  demographics: z
    .object({
      age: z.object({ low: z.number().min(0).max(150), high: z.number().min(0).max(150) }),
      gender: z.object({ value: z.enum(['Female', 'Male']), confidence: percent }),
    })
    .nullable(),
  boundingBox: z.object({ left: share, top: share, width: share, height: share }).nullable(),
  /**
   * Landmark-derived features by name (face-result.ts FaceFeatures): {} from this app's engines. An older
   * device's face, made before the field, reads as {} too.
   */
  features: z
    .record(z.string().max(60), z.union([z.number().min(-1e6).max(1e6), z.boolean()]))
    .refine((features) => Object.keys(features).length <= 40)
    .default({}),
  /** The capture's quality score (0-100) where one was measured, else null. */
  quality: z.object({ score: percent }).nullable(),
  confidence: percent,
});

/** One sampled frame of a video: when it was taken from the clip, and its faces' emotions. */
export const faceFrameSchema = z.object({
  /** Seconds from the clip's start. */
  at: z
    .number()
    .min(0)
    .max(24 * 3600),
  faces: z.array(faceSchema).max(FACE_ANALYSIS_LIMITS.faces),
});
export type FaceFrame = z.infer<typeof faceFrameSchema>;

/** What an analysis found, as the device (or the server) made it. Nothing of it is edited later. */
export const faceAnalysisFieldsSchema = z.object({
  customerId: z.uuid({ error: '顧客を選択してください' }),
  visitId: z.uuid().nullable(),
  /** The photo or clip analysed, when it is stored (settings `saveImages`). */
  mediaId: z.uuid().nullable(),
  source: z.enum(FACE_ANALYSIS_SOURCES),
  analysedAt: z.iso.datetime({ offset: true }),
  /** Milliseconds the analysis took on the machine that ran it. */
  processingTime: z
    .number()
    .int()
    .min(0)
    .max(24 * 3600 * 1000),
  /** For a photo its faces; for a video the faces of the frame with the clearest face. */
  faces: z.array(faceSchema).max(FACE_ANALYSIS_LIMITS.faces),
  /** For a video, every sampled frame in order; null for a photo. */
  frames: z.array(faceFrameSchema).max(FACE_ANALYSIS_LIMITS.frames).nullable(),
  /** Which engine ran it, e.g. `face-api-wasm@device`: results of different engines differ a little. */
  engine: z.string().min(1).max(100),
});
export type FaceAnalysisFields = z.infer<typeof faceAnalysisFieldsSchema>;

export const FACE_ANALYSIS_FIELDS = [] as const;

/** An expression analysis (表情分析) of a patient's photo or clip, stored and synced. */
export const faceAnalysisSchema = z
  .object({ id: z.uuid(), ...faceAnalysisFieldsSchema.shape })
  .extend(recordMetaSchema.shape);
export type FaceAnalysisRecord = z.infer<typeof faceAnalysisSchema>;
