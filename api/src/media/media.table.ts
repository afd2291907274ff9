import type { Selectable } from 'kysely';
import type { MediaKind, MediaMime } from '@clinic/sync-protocol';

export interface MediaTable {
  /** The capturing device's UUID; also the file's name on disk and the upload's identity. */
  id: string;
  customer_id: string;
  visit_id: string | null;
  kind: MediaKind;
  /** As the device declared it; a stored file's first bytes were checked to match. */
  mime: MediaMime;
  /** Bytes of the whole file, as declared when the capture was made. */
  size: number;
  duration: number | null;
  width: number | null;
  height: number | null;
  captured_at: string;
  quality: number | null;
  /** 0/1: the whole file has arrived and passed its checks. Only the server sets it. */
  uploaded: number;
  /** Bytes on disk once uploaded; null before. */
  stored_bytes: number | null;
  created_at: string;
  updated_at: string;
  updated_by: string | null;
  version: number;
  /** 0/1 tombstone, as for every synced table. */
  deleted: number;
}
export type MediaRow = Selectable<MediaTable>;

export interface MediaTables {
  media: MediaTable;
}
