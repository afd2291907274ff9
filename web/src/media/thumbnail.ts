/** Lists show pictures at this width at most (as the camera's thumbnails). */
const THUMB_WIDTH = 320;

/** A picture's size and its small JPEG copy for lists; null when the browser cannot read it. */
export async function pictureFacts(blob: Blob): Promise<{ width: number; height: number; thumbnail: Blob } | null> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(blob);
  } catch {
    return null;
  }
  const { width, height } = bitmap;
  const scale = Math.min(1, THUMB_WIDTH / width);
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(width * scale));
  canvas.height = Math.max(1, Math.round(height * scale));
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const thumbnail = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.8));
  return thumbnail ? { width, height, thumbnail } : null;
}
