import sharp from 'sharp';

/**
 * The most pixels decoded: a 24-megapixel camera photo. The upload needs no login, so a small file
 * that claims a huge picture (a decompression bomb) is refused before it is decoded.
 */
export const LOG_PHOTO_MAX_PIXELS = 6000 * 4000;
/** The longest side kept: enough to see why an analysis failed, and a bound on the bytes stored. */
export const LOG_PHOTO_MAX_SIDE = 1920;
export const LOG_PHOTO_MIME = 'image/jpeg';
export const PHOTO_UNREADABLE_MESSAGE = '画像を読み取れませんでした。別の画像でもう一度お試しください';

/**
 * The photo decoded and encoded again as a JPEG: only a real picture is kept (bytes that merely start
 * like one fail here), and nothing but its pixels survives, not its metadata (GPS, camera, name).
 * Null when the bytes cannot be decoded, are cut short, or claim more than LOG_PHOTO_MAX_PIXELS.
 */
export async function reencodeLogPhoto(bytes: Uint8Array): Promise<Buffer | null> {
  try {
    return await sharp(bytes, { limitInputPixels: LOG_PHOTO_MAX_PIXELS, failOn: 'truncated', animated: false })
      .rotate()
      .resize({ width: LOG_PHOTO_MAX_SIDE, height: LOG_PHOTO_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85 })
      .toBuffer();
  } catch {
    return null;
  }
}
