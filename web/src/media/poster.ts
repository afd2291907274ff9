import { apiFetch } from '../api/client';
import { readData } from '../api/http';

/**
 * A video's first frame, made by the device that recorded it, for the server's lists (the server
 * cannot decode WebM). Best effort: without it a video shows a plain icon there.
 */
export async function sendPoster(mediaId: string, poster: Blob): Promise<void> {
  // zod comes with the schema, after an upload, not with the app's start.
  const { mediaPosterAnswerSchema } = await import('@clinic/sync-protocol/media/answers');
  await apiFetch(
    `/media/${encodeURIComponent(mediaId)}/poster`,
    { method: 'PUT', body: poster, headers: { 'Content-Type': 'image/jpeg', Accept: 'application/json' } },
    readData(mediaPosterAnswerSchema),
  );
}
