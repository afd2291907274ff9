import type { MediaFile } from '../data/clinic-db';
import { type SealedBlob, openBlob, sealBlob } from '../vault/seal';

/**
 * The device's files (photos, videos, their thumbnails, recording pieces) are sealed with the data key
 * before the transaction that stores them and opened after reading: a Blob's bytes cannot be read inside
 * a transaction, and the database refuses a plain one (vault/seal-middleware). Each field is its own
 * label, so a file sealed as a thumbnail does not open as another capture's file.
 */
export type FileField = 'mediaFiles.blob' | 'mediaFiles.thumbnail' | 'recordingChunks.data' | 'serverThumbnails.blob';

export function sealFile(blob: Blob, field: FileField): Promise<SealedBlob>;
export function sealFile(blob: Blob | null, field: FileField): Promise<SealedBlob | null>;
export async function sealFile(blob: Blob | null, field: FileField): Promise<SealedBlob | null> {
  return blob ? sealBlob(blob, field) : null;
}

/** The file as it was captured; null when the device holds none (dropped for space, never had one). */
export function openFile(stored: SealedBlob | null | undefined, field: FileField): Promise<Blob | null> {
  return openBlob(stored, field);
}

/** A capture's file row before its files are sealed. */
export type PlainMediaFile = Omit<MediaFile, 'blob' | 'thumbnail'> & { blob: Blob | null; thumbnail: Blob | null };

export async function sealMediaFile(file: PlainMediaFile): Promise<MediaFile> {
  const [blob, thumbnail] = await Promise.all([
    sealFile(file.blob, 'mediaFiles.blob'),
    sealFile(file.thumbnail, 'mediaFiles.thumbnail'),
  ]);
  return { ...file, blob, thumbnail };
}
