import { mediaFileName } from '@clinic/sync-protocol/media';
import { freshAccessToken } from '../../api/refresh';
import { jaMedia } from '../../i18n/ja-media';
import { localDb } from '../local-db';

export type OpenedFile = { url: string; release(): void };

const local = (blob: Blob): OpenedFile => {
  const url = URL.createObjectURL(blob);
  return { url, release: () => URL.revokeObjectURL(url) };
};

/** A link the server signed for this capture: a <video> streams it (with ranges) without a header. */
async function serverLink(id: string): Promise<string> {
  if (!navigator.onLine) throw new Error(jaMedia.notOnDevice);
  const response = await fetch(`/api/media/${id}/link`, { method: 'POST', headers: { Authorization: `Bearer ${await freshAccessToken()}` } });
  const body = (await response.json().catch(() => null)) as { success?: boolean; data?: { url?: string } } | null;
  if (!response.ok || !body?.data?.url) throw new Error(jaMedia.openFailed);
  return body.data.url;
}

/** The capture to show or play: its file on this device, else streamed from the server (online only). */
export async function openMediaFile(id: string): Promise<OpenedFile> {
  const file = await localDb.mediaFiles.get(id);
  if (file?.blob) return local(file.blob);
  return { url: await serverLink(id), release: () => undefined };
}

/** The small picture for lists, from the device (null: none here). */
export async function thumbnailUrl(id: string): Promise<OpenedFile | null> {
  const file = await localDb.mediaFiles.get(id);
  return file?.thumbnail ? local(file.thumbnail) : null;
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
  const file = await localDb.mediaFiles.get(id);
  if (file?.blob) return save(file.blob, name);
  if (!navigator.onLine) throw new Error(jaMedia.downloadFailed(jaMedia.notOnDevice));
  try {
    const response = await fetch(`/api/media/${id}/file?download=1`, { headers: { Authorization: `Bearer ${await freshAccessToken()}` } });
    if (!response.ok) throw new Error(jaMedia.status(response.status));
    save(await response.blob(), name);
  } catch (error) {
    throw new Error(jaMedia.downloadFailed(error instanceof Error ? error.message : ''));
  }
}
