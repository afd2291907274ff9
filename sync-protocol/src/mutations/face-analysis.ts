import { z } from 'zod';
import { faceAnalysisFieldsSchema } from '../entities/face-analysis';

/** An analysis made on a device, kept under the id it was made with. */
export const faceAnalysisCreateArgsSchema = faceAnalysisFieldsSchema.extend({ id: z.uuid() });
export type FaceAnalysisCreateArgs = z.input<typeof faceAnalysisCreateArgsSchema>;

export const faceAnalysisMutationArgs = {
  'faceAnalysis.create': faceAnalysisCreateArgsSchema,
} as const;
