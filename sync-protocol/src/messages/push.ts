import { z } from 'zod';
import { wireMutationSchema } from '../mutations/mutation';
import { epochSchema } from './epoch';

export const MAX_MUTATIONS_PER_PUSH = 500;

export const pushRequestSchema = z.object({
  protocolVersion: z.number().int(),
  clientId: z.uuid({ error: 'クライアントIDが正しくありません' }),
  mutations: z
    .array(wireMutationSchema)
    .max(MAX_MUTATIONS_PER_PUSH, `一度に送信できる変更は${MAX_MUTATIONS_PER_PUSH}件までです`),
  /** The epoch the device last synced with; a server in another epoch refuses the push (EPOCH_CHANGED). */
  epoch: epochSchema.optional(),
});
export type PushRequest = z.infer<typeof pushRequestSchema>;

export const pushResponseSchema = z.object({ lastMutationId: z.number().int().nonnegative(), epoch: epochSchema });
export type PushResponse = z.infer<typeof pushResponseSchema>;
