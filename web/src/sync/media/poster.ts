import { freshAccessToken } from '../../api/refresh';

/**
 * A video's first frame, made by the device that recorded it, for the server's lists (the server
 * cannot decode WebM). Best effort: without it a video shows a plain icon there.
 */
export async function sendPoster(mediaId: string, poster: Blob): Promise<void> {
  const response = await fetch(`/api/media/${mediaId}/poster`, {
    method: 'PUT',
    headers: { 'Content-Type': 'image/jpeg', Authorization: `Bearer ${await freshAccessToken()}` },
    body: poster,
  });
  if (!response.ok) throw new Error(`poster ${response.status}`);
}
