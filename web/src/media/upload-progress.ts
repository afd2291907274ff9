import { useSyncExternalStore } from 'react';
import { useLiveRead } from '../data/live-read';
import { localDb } from '../data/local-db';

export type UploadPhase = 'waiting' | 'uploading' | 'uploaded' | 'failed';
export type UploadState = { state: UploadPhase; sentBytes: number; totalBytes: number; error?: string };

type Live = { sentBytes: number; totalBytes: number };

/** Bytes of the upload under way, by media id: in memory, many times a second, never written per tick. */
const live = new Map<string, Live>();
const listeners = new Set<() => void>();
let version = 0;

export const uploadProgress = {
  set(id: string, sentBytes: number, totalBytes: number): void {
    live.set(id, { sentBytes, totalBytes });
    version += 1;
    for (const listener of listeners) listener();
  },
  clear(id: string): void {
    if (!live.delete(id)) return;
    version += 1;
    for (const listener of listeners) listener();
  },
  get: (id: string): Live | undefined => live.get(id),
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

type Stored = { waiting: boolean; sentBytes: number; error?: string; failed: boolean } | null;

/** The capture's file row as last stored (null: not captured on this device; undefined until read). */
function useStoredFile(mediaId: string): Stored | undefined {
  return useLiveRead(async (): Promise<Stored> => {
    const file = await localDb.mediaFiles.get(mediaId);
    return file
      ? { waiting: file.waiting === 1, sentBytes: file.sentBytes, error: file.lastError, failed: file.failed === 1 }
      : null;
  }, [mediaId]).data;
}

/**
 * Where a capture's upload stands: the server's word (`uploaded`) first, then the bytes moving now,
 * then what the device stored (waiting, refused with the server's reason).
 */
export function useUploadState(media: { id: string; size: number; uploaded: boolean }): UploadState {
  useSyncExternalStore(uploadProgress.subscribe, () => version);
  const stored = useStoredFile(media.id);
  const moving = uploadProgress.get(media.id);
  const totalBytes = media.size;
  if (media.uploaded || (stored && !stored.waiting && !stored.failed))
    return { state: 'uploaded', sentBytes: totalBytes, totalBytes };
  if (stored?.failed) return { state: 'failed', sentBytes: stored.sentBytes, totalBytes, error: stored.error };
  if (moving) return { state: 'uploading', sentBytes: moving.sentBytes, totalBytes };
  return { state: 'waiting', sentBytes: stored?.sentBytes ?? 0, totalBytes, error: stored?.error };
}
