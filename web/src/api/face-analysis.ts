import { type FaceAnalyzeAnswer, faceAnalyzeAnswerSchema } from '@clinic/sync-protocol/media/answers';
import { apiFetch } from './client';
import { ApiError } from './errors';
import { readData } from './http';

/**
 * The server's expression analysis (spec 7: multipart image + customer_id, bearer token), for a device
 * whose own engine cannot start. The server keeps the result (and the photo when asked); the device
 * gets both with its next sync. Rejects with an ApiError in the server's own words when it gave some
 * (spec 7 names this answer's `error`), else in the client's.
 */
export async function analyzeOnServer(
  photo: Blob,
  target: { customerId: string; visitId: string | null },
  saveImage: boolean,
): Promise<FaceAnalyzeAnswer> {
  const form = new FormData();
  form.set('image', photo, 'photo');
  form.set('customer_id', target.customerId);
  if (target.visitId) form.set('visit_id', target.visitId);
  form.set('save_image', String(saveImage));
  // One id per press: a retried request answers the stored result instead of analysing twice.
  form.set('id', crypto.randomUUID());
  try {
    return await apiFetch(
      '/face-analysis/analyze',
      { method: 'POST', body: form, headers: { Accept: 'application/json' } },
      readData(faceAnalyzeAnswerSchema),
    );
  } catch (error) {
    if (!(error instanceof ApiError) || !error.serverMessage) throw error;
    throw new ApiError({
      kind: error.kind,
      status: error.status,
      code: error.code,
      message: error.serverMessage,
      serverMessage: error.serverMessage,
    });
  }
}
