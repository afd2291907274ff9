import { mediaFileName } from '@clinic/sync-protocol/media';
import { apiRequest } from '../api/client';
import { ApiError } from '../api/errors';
import { fetchFile } from '../api/files';
import { jaMedia } from '../i18n/ja-media';
import { localDb } from '../data/local-db';
import { serverThumbnail } from './server-thumbnail';
import { openFile } from './sealed-files';

/** `release` is a plain function (not a method): hooks keep it apart from the object to call on cleanup. */
export type OpenedFile = { url: string; release: () => void };

/** A video streamed by a <video> has no time limit; this is for a whole file saved at once. */
const DOWNLOAD_TIMEOUT_MS = 10 * 60_000;

const local = (blob: Blob): OpenedFile => {
  const url = URL.createObjectURL(blob);
  return { url, release: () => URL.revokeObjectURL(url) };
};

/** Why a call failed, for the message under the viewer: the server's status when it answered (spec 8). */
const reason = (error: unknown) =>
  error instanceof ApiError && error.status !== null && error.status >= 400
    ? jaMedia.status(error.status)
    : error instanceof Error
      ? error.message
      : '';

/** A link the server signed for this capture: a <video> streams it (with ranges) without a header. */
async function serverLink(id: string): Promise<string> {
  if (!navigator.onLine) throw new Error(jaMedia.notOnDevice);
  try {
    // zod comes with the schema, only when a capture is opened from the server.
    const { mediaLinkSchema } = await import('@clinic/sync-protocol/media/answers');
    const link = await apiRequest(`/media/${encodeURIComponent(id)}/link`, { method: 'POST', schema: mediaLinkSchema });
    return link.url;
  } catch (error) {
    throw new Error(`${jaMedia.openFailed}：${reason(error)}`);
  }
}

/** The capture to show or play: its file on this device, else streamed from the server (online only). */
export async function openMediaFile(id: string): Promise<OpenedFile> {
  const blob = await openFile((await localDb.mediaFiles.get(id))?.blob, 'mediaFiles.blob', id);
  if (blob) return local(blob);
  return { url: await serverLink(id), release: () => undefined };
}

/**
 * The small picture for lists: the one this device made when it captured, else the server's (once the
 * capture has reached it), kept here for offline. null: none to show yet.
 */
export async function thumbnailUrl(media: { id: string; uploaded: boolean }): Promise<OpenedFile | null> {
  const thumbnail = await openFile(
    (await localDb.mediaFiles.get(media.id))?.thumbnail,
    'mediaFiles.thumbnail',
    media.id,
  );
  if (thumbnail) return local(thumbnail);
  if (!media.uploaded) return null;
  const fromServer = await serverThumbnail(media.id);
  return fromServer ? local(fromServer) : null;
}

/**
 * The capture's whole file as bytes (to analyse a photo): from the device when it is here, else from
 * the server through the one request path. Throws 写真・動画を開けませんでした with the reason.
 */
export async function readMediaBlob(id: string): Promise<Blob> {
  const blob = await openFile((await localDb.mediaFiles.get(id))?.blob, 'mediaFiles.blob', id);
  if (blob) return blob;
  if (!navigator.onLine) throw new Error(jaMedia.notOnDevice);
  try {
    return (await fetchFile(`/media/${encodeURIComponent(id)}/file`, DOWNLOAD_TIMEOUT_MS)).blob;
  } catch (error) {
    throw new Error(`${jaMedia.openFailed}：${reason(error)}`);
  }
}

function save(blob: Blob, name: string): void {
  const opened = local(blob);
  const link = document.createElement('a');
  link.href = opened.url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => opened.release(), 60_000);
}

/**
 * Saves the capture as a file under its made name (video_original_{時刻}.webm, spec 9): from the device
 * when it is here, else from the server. Throws ファイルのダウンロードに失敗しました with the reason.
 */
export async function downloadMedia(id: string): Promise<void> {
  const media = await localDb.media.get(id);
  if (!media) throw new Error(jaMedia.downloadFailed(jaMedia.notFound));
  const name = mediaFileName(media.kind, media.mime, media.capturedAt);
  const blob = await openFile((await localDb.mediaFiles.get(id))?.blob, 'mediaFiles.blob', id);
  if (blob) return save(blob, name);
  if (!navigator.onLine) throw new Error(jaMedia.downloadFailed(jaMedia.notOnDevice));
  try {
    const { blob } = await fetchFile(`/media/${encodeURIComponent(id)}/file?download=1`, DOWNLOAD_TIMEOUT_MS);
    save(blob, name);
  } catch (error) {
    throw new Error(jaMedia.downloadFailed(reason(error)));
  }
}
