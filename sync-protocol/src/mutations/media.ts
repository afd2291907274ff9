import { z } from 'zod';
import { newMediaFieldsSchema } from '../entities/media';

/** A capture taken on a device: its facts, under the id the file will be uploaded with. */
export const mediaCreateArgsSchema = newMediaFieldsSchema.extend({ id: z.uuid() });
export type MediaCreateArgs = z.input<typeof mediaCreateArgsSchema>;

export const mediaMutationArgs = {
  'media.create': mediaCreateArgsSchema,
} as const;
