import sharp from 'sharp';

/** The longest side of a thumbnail or poster. */
export const THUMBNAIL_PX = 320;

/**
 * A small JPEG of a stored photo (or of a poster a device sent), turned upright by its EXIF
 * orientation. Lenient with a damaged file (`failOn: 'none'`): what decodes is shown. Re-encoding a
 * poster also means nothing but pixels from the device is ever served back.
 */
export function thumbnailOf(input: string | Buffer): Promise<Buffer> {
  return sharp(input, { failOn: 'none' })
    .rotate()
    .resize(THUMBNAIL_PX, THUMBNAIL_PX, { fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** A photo's upright width and height, or nulls when it cannot be read. */
export async function photoSize(path: string): Promise<{ width: number | null; height: number | null }> {
  try {
    const meta = await sharp(path, { failOn: 'none' }).metadata();
    return { width: meta.autoOrient.width ?? null, height: meta.autoOrient.height ?? null };
  } catch {
    return { width: null, height: null };
  }
}
