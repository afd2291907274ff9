import type { MediaFile } from '../data/clinic-db';
import { type SealedBlob, boundTo, openBlob, sealBlob } from '../vault/seal';

/**
 * The device's files (photos, videos, their thumbnails, recording pieces) are sealed with the data key
 * before the transaction that stores them and opened after reading: a Blob's bytes cannot be read inside
 * a transaction, and the database refuses a plain one (vault/seal-middleware). Each file is bound to its
 * field and its row's key, so a thumbnail does not open as a photo, nor one capture's file as another's.
 */
export type FileField = 'mediaFiles.blob' | 'mediaFiles.thumbnail' | 'recordingChunks.data' | 'serverThumbnails.blob';
/** The row's primary key: a capture's id, or a recording piece's [recordingId, seq]. */
export type FileRowKey = string | [string, number];

const label = (field: FileField, key: FileRowKey) => {
  const [table, name] = field.split('.') as [string, string];
  return boundTo(table, key, name);
};

export function sealFile(blob: Blob, field: FileField, key: FileRowKey): Promise<SealedBlob>;
export function sealFile(blob: Blob | null, field: FileField, key: FileRowKey): Promise<SealedBlob | null>;
export async function sealFile(blob: Blob | null, field: FileField, key: FileRowKey): Promise<SealedBlob | null> {
  return blob ? sealBlob(blob, label(field, key)) : null;
}

/** The file as it was captured; null when the device holds none (dropped for space, never had one). */
export function openFile(
  stored: SealedBlob | null | undefined,
  field: FileField,
  key: FileRowKey,
): Promise<Blob | null> {
  return openBlob(stored, label(field, key));
}

/** A capture's file row before its files are sealed. */
export type PlainMediaFile = Omit<MediaFile, 'blob' | 'thumbnail'> & { blob: Blob | null; thumbnail: Blob | null };

export async function sealMediaFile(file: PlainMediaFile): Promise<MediaFile> {
  const [blob, thumbnail] = await Promise.all([
    sealFile(file.blob, 'mediaFiles.blob', file.id),
    sealFile(file.thumbnail, 'mediaFiles.thumbnail', file.id),
  ]);
  return { ...file, blob, thumbnail };
}
