import {
  type MediaMime,
  MEDIA_MESSAGES,
  SNIFF_BYTES,
  kindOfMime,
  sizeLimitOf,
  sniffMediaType,
} from '@clinic/sync-protocol/media';
import type { CaptureInput } from '../../media/capture-store';
import { thumbnailOf } from './frame-capture';

export type ImportedFile = Omit<CaptureInput, 'customerId' | 'visitId'>;

/** Width, height and length of a video file, when this browser can read it (else nulls). */
function videoFacts(
  file: Blob,
): Promise<{ width: number | null; height: number | null; duration: number | null; poster: Blob | null }> {
  return new Promise((resolve) => {
    const video = document.createElement('video');
    const url = URL.createObjectURL(file);
    const done = (facts: {
      width: number | null;
      height: number | null;
      duration: number | null;
      poster: Blob | null;
    }) => {
      URL.revokeObjectURL(url);
      resolve(facts);
    };
    const timer = setTimeout(() => done({ width: null, height: null, duration: null, poster: null }), 5000);
    video.muted = true;
    video.preload = 'auto';
    video.onerror = () => {
      clearTimeout(timer);
      done({ width: null, height: null, duration: null, poster: null });
    };
    video.onloadeddata = () => {
      clearTimeout(timer);
      const duration = Number.isFinite(video.duration) ? video.duration : null;
      thumbnailOf(video, video.videoWidth, video.videoHeight).then(
        ({ blob }) => done({ width: video.videoWidth, height: video.videoHeight, duration, poster: blob }),
        () => done({ width: video.videoWidth || null, height: video.videoHeight || null, duration, poster: null }),
      );
    };
    video.src = url;
  });
}

/**
 * A photo or video from the tablet's own files, checked as the server will check it: the first bytes
 * decide the type (a renamed page or drawing is refused), and the size its limit. Throws the reason in Japanese.
 */
export async function readImportedFile(file: File): Promise<ImportedFile> {
  const mime: MediaMime | null = sniffMediaType(new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer()));
  if (!mime) throw new Error(MEDIA_MESSAGES.typeRefused);
  const kind = kindOfMime(mime);
  if (file.size > sizeLimitOf(kind))
    throw new Error(kind === 'photo' ? MEDIA_MESSAGES.photoTooLarge : MEDIA_MESSAGES.videoTooLarge);
  const blob = new Blob([file], { type: mime });
  if (kind === 'photo') {
    const bitmap = await createImageBitmap(blob).catch(() => null);
    if (!bitmap) throw new Error(MEDIA_MESSAGES.typeRefused);
    const small = await thumbnailOf(bitmap, bitmap.width, bitmap.height);
    return {
      kind,
      mime,
      blob,
      thumbnail: small.blob,
      duration: null,
      width: bitmap.width,
      height: bitmap.height,
      quality: small.quality.score,
    };
  }
  const facts = await videoFacts(blob);
  return {
    kind,
    mime,
    blob,
    thumbnail: facts.poster,
    duration: facts.duration,
    width: facts.width,
    height: facts.height,
    quality: null,
  };
}
