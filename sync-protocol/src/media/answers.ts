import { z } from 'zod';

/**
 * What the media routes answer, parsed by the device (never cast). Apart from media-rules so the
 * camera screen and the uploader load zod only when they call the server.
 */

/** POST /api/media/{id}/link: a signed address a <video> can stream without a header. */
export const mediaLinkSchema = z.object({
  url: z.string().startsWith('/api/media/'),
  sig: z.string(),
  exp: z.number(),
  expiresAt: z.string(),
});
export type MediaLink = z.infer<typeof mediaLinkSchema>;

/** PUT /api/media/{id}/poster: the video's poster frame is stored as its thumbnail. */
export const mediaPosterAnswerSchema = z.object({ id: z.string(), thumbnail: z.literal(true) });
export type MediaPosterAnswer = z.infer<typeof mediaPosterAnswerSchema>;

/**
 * POST /api/face-analysis/analyze (spec 7: data.analysisResult, data.mediaId, data.processingTime):
 * a photo analysed on the server, kept in the media store when asked (`mediaId`). The faces are read
 * by face/readFaces, which takes them in any engine's shape (ours, or Rekognition's FaceDetails).
 */
export const faceAnalyzeAnswerSchema = z.object({
  analysisResult: z.record(z.string(), z.unknown()),
  mediaId: z.string().nullable(),
  processingTime: z.number().min(0),
});
export type FaceAnalyzeAnswer = z.infer<typeof faceAnalyzeAnswerSchema>;
