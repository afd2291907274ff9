import { type Quality, scoreFrame } from './quality/score';

/** Spec 9: photos are JPEG at quality 0.9. */
export const PHOTO_QUALITY = 0.9;
/** Lists show captures at this width at most; the quality score is measured at it too. */
export const THUMB_WIDTH = 320;

export type GrabbedFrame = { jpeg: Blob; thumbnail: Blob; width: number; height: number; quality: Quality };

function toBlob(canvas: HTMLCanvasElement, quality: number): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('toBlob'))), 'image/jpeg', quality),
  );
}

function draw(source: CanvasImageSource, width: number, height: number): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('2d');
  context.drawImage(source, 0, 0, width, height);
  return canvas;
}

/** The small copy of a picture: for lists, and what the quality score is measured on. */
export async function thumbnailOf(
  source: CanvasImageSource,
  width: number,
  height: number,
): Promise<{ blob: Blob; quality: Quality }> {
  const scale = Math.min(1, THUMB_WIDTH / width);
  const w = Math.max(1, Math.round(width * scale));
  const h = Math.max(1, Math.round(height * scale));
  const canvas = draw(source, w, h);
  const pixels = canvas.getContext('2d')!.getImageData(0, 0, w, h);
  return { blob: await toBlob(canvas, 0.8), quality: scoreFrame(pixels) };
}

/** The frame the camera shows now, as the photo, its thumbnail and its quality score. */
export async function grabFrame(video: HTMLVideoElement): Promise<GrabbedFrame> {
  const width = video.videoWidth;
  const height = video.videoHeight;
  if (!width || !height) throw new Error('no frame');
  const full = draw(video, width, height);
  const [jpeg, small] = await Promise.all([toBlob(full, PHOTO_QUALITY), thumbnailOf(full, width, height)]);
  return { jpeg, thumbnail: small.blob, width, height, quality: small.quality };
}
