import type { ClinicDb, LocalMedia, MediaFile } from '../data/clinic-db';
import { jaMedia } from '../i18n/ja-media';
import { freeSpace } from './space';
import { type TusUpload, UploadFailure, tusUpload } from './tus-upload';
import { onUploadKick } from './upload-kick';
import { uploadProgress } from './upload-progress';
import { sendPoster } from './poster';
import { openFile } from './sealed-files';
import { hasDataKey } from '../vault/data-key';

/** Between failed attempts: 5 s, 10 s, 20 s … up to 5 minutes. */
export function backoffMs(attempts: number): number {
  return Math.min(5 * 60_000, 5_000 * 2 ** Math.max(0, attempts - 1));
}

/** How often the bytes sent so far are written down, so a reload shows about where it was. */
const SAVE_PROGRESS_MS = 2_000;
/** A look for work even without a nudge (a retry time passed, a pull confirmed a capture). */
const POLL_MS = 15_000;

export type UploaderDeps = {
  db: ClinicDb;
  isOnline: () => boolean;
  now?: () => number;
  upload?: typeof tusUpload;
  /** After an upload: let the server's `uploaded` reach the device soon. */
  afterUpload?: () => void;
};

const update = async (db: ClinicDb, id: string, changes: Partial<MediaFile>) => {
  await db.mediaFiles.update(id, changes);
};

/**
 * The next capture to send: waiting, not refused for good, due, and known to the server (its record
 * pushed and confirmed: the server takes a file only for a record it holds). Oldest first.
 */
export async function nextUpload(db: ClinicDb, now: number): Promise<{ file: MediaFile; media: LocalMedia } | null> {
  const waiting = await db.mediaFiles.where('waiting').equals(1).toArray();
  const media = await db.media.bulkGet(waiting.map((file) => file.id));
  const ready = waiting
    .map((file, i) => ({ file, media: media[i] }))
    .filter((entry): entry is { file: MediaFile; media: LocalMedia } => {
      const { file, media: row } = entry;
      return Boolean(row) && !file.failed && (file.retryAt ?? 0) <= now && row!.pending === 0 && row!.version > 0;
    });
  ready.sort((a, b) => a.media.capturedAt.localeCompare(b.media.capturedAt));
  return ready[0] ?? null;
}

/**
 * Sends the device's captures to the server in the background, one at a time, whenever online:
 * resumable (see tusUpload), retried with backoff, never twice (the capture's id is the upload's).
 * Returns how to stop it; an upload under way is cut and resumes from the server's bytes next time.
 */
export function runUploader(deps: UploaderDeps): () => void {
  const { db, isOnline } = deps;
  const now = deps.now ?? Date.now;
  const upload = deps.upload ?? tusUpload;
  let current: TusUpload | null = null;
  // Set for a whole round, before its first await: two nudges at once must not send one capture twice.
  let busy = false;
  let stopped = false;
  let again = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const schedule = (ms: number) => {
    clearTimeout(timer);
    timer = setTimeout(() => void pump(), ms);
  };

  async function sendOne(file: MediaFile, media: LocalMedia): Promise<void> {
    const blob = await openFile(file.blob, 'mediaFiles.blob', file.id);
    if (media.uploaded || !blob) return update(db, file.id, { waiting: 0 });
    let savedAt = now();
    current = upload(blob, { id: media.id, mime: media.mime }, (sent, total) => {
      uploadProgress.set(media.id, sent, total);
      if (now() - savedAt < SAVE_PROGRESS_MS) return;
      savedAt = now();
      void db.mediaFiles.update(media.id, { sentBytes: sent });
    });
    try {
      await current.done;
      await update(db, media.id, {
        waiting: 0,
        sentBytes: media.size,
        attempts: 0,
        lastError: undefined,
        retryAt: undefined,
      });
      const poster = media.kind === 'video' ? await openFile(file.thumbnail, 'mediaFiles.thumbnail', file.id) : null;
      if (poster) await sendPoster(media.id, poster).catch(() => undefined);
      deps.afterUpload?.();
      await freeSpace(db).catch(() => undefined);
    } catch (error) {
      if (stopped) return;
      const failure = error instanceof UploadFailure ? error : null;
      const attempts = file.attempts + 1;
      if (failure?.permanent) {
        await update(db, media.id, { failed: 1, attempts, lastError: failure.message });
      } else {
        // A cap of the server's (429: the account's uploads or bytes of the day) says in its own words why.
        const lastError = failure?.status === 429 ? failure.message : jaMedia.retryLater;
        await update(db, media.id, { attempts, retryAt: now() + backoffMs(attempts), lastError });
      }
    } finally {
      uploadProgress.clear(media.id);
      current = null;
    }
  }

  async function pump(): Promise<void> {
    if (stopped) return;
    if (busy) {
      again = true;
      return;
    }
    busy = true;
    try {
      // Locked (no data key): the files and their records cannot be opened; the next round after unlocking sends them.
      while (!stopped && isOnline() && hasDataKey()) {
        again = false;
        const next = await nextUpload(db, now());
        if (!next) break;
        await sendOne(next.file, next.media);
      }
    } finally {
      busy = false;
      if (!stopped) schedule(again ? 0 : POLL_MS);
    }
  }

  const kick = () => void pump();
  const stopKick = onUploadKick(kick);
  window.addEventListener('online', kick);
  void pump();
  return () => {
    stopped = true;
    clearTimeout(timer);
    stopKick();
    window.removeEventListener('online', kick);
    current?.abort();
  };
}
