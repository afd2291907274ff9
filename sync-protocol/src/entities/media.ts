import { z } from 'zod';
import { MEDIA_KINDS, MEDIA_MESSAGES, MEDIA_MIME_TYPES, kindOfMime, sizeLimitOf } from '../media/media-rules';
import { recordMetaSchema } from './record-meta';

/** What the capturing device knows of a photo or video when it is taken. The file travels separately. */
const mediaFactsSchema = z.object({
  customerId: z.uuid({ error: MEDIA_MESSAGES.customerRequired }),
  visitId: z.uuid().nullable(),
  kind: z.enum(MEDIA_KINDS),
  mime: z.enum(MEDIA_MIME_TYPES, { error: MEDIA_MESSAGES.typeRefused }),
  /** Bytes of the whole file. */
  size: z.number().int().positive(),
  /** Seconds, for a video; null for a photo. */
  duration: z
    .number()
    .nonnegative()
    .max(24 * 3600)
    .nullable(),
  width: z.number().int().positive().max(10_000).nullable(),
  height: z.number().int().positive().max(10_000).nullable(),
  capturedAt: z.iso.datetime({ offset: true }),
  /** The quality score (0-100) computed on the device from the frame, when there is one. */
  quality: z.number().min(0).max(100).nullable(),
});

/** The facts, checked against each other: the type fits the kind, and the size its limit. */
export const newMediaFieldsSchema = mediaFactsSchema.superRefine((m, ctx) => {
  if (kindOfMime(m.mime) !== m.kind)
    ctx.addIssue({ code: 'custom', path: ['mime'], message: MEDIA_MESSAGES.kindMismatch });
  if (m.size > sizeLimitOf(m.kind)) {
    ctx.addIssue({
      code: 'custom',
      path: ['size'],
      message: m.kind === 'photo' ? MEDIA_MESSAGES.photoTooLarge : MEDIA_MESSAGES.videoTooLarge,
    });
  }
});
export type NewMediaFields = z.infer<typeof newMediaFieldsSchema>;

/** Nothing of a capture is edited after it is taken: its facts come from the file. */
export const MEDIA_FIELDS = [] as const;

/**
 * A photo or video (写真・動画) as stored and synced: its facts, and `uploaded`, which only the server
 * sets, once the whole file has arrived and passed its checks.
 */
export const mediaSchema = z
  .object({
    id: z.uuid(),
    ...mediaFactsSchema.shape,
    uploaded: z.boolean(),
  })
  .extend(recordMetaSchema.shape);
export type Media = z.infer<typeof mediaSchema>;
