import { ACCOUNT_LIMIT_MESSAGES } from '@clinic/sync-protocol';
import { type AccountLimits, dailyTally } from '../http/account-limits';
import { MediaRefused } from './media-finish';

/** An upload begun this long ago and never finished no longer counts as open (its device gave it up). */
const OPEN_FOR_MS = 24 * 60 * 60 * 1000;

/**
 * Per account: resumable uploads begun and not finished, and bytes begun today (http/account-limits.ts).
 * Counted when an upload is created, before any byte is written, so a refused one leaves nothing on
 * disk; the device keeps the capture and tries again later. In memory: a restart only forgives.
 */
export function uploadBudget(limits: () => AccountLimits, now: () => Date) {
  const open = new Map<string, Map<string, number>>();
  const bytesToday = dailyTally(now);

  function openOf(account: string): Map<string, number> {
    const uploads = open.get(account) ?? new Map<string, number>();
    const since = now().getTime() - OPEN_FOR_MS;
    for (const [id, began] of uploads) if (began < since) uploads.delete(id);
    open.set(account, uploads);
    return uploads;
  }

  function chargeBytes(account: string, bytes: number): void {
    if (bytesToday.used(account) + bytes > limits().uploadBytesPerDay)
      throw new MediaRefused(429, ACCOUNT_LIMIT_MESSAGES.dailyUploadBytes);
    bytesToday.add(account, bytes);
  }

  return {
    /** A resumable upload is created: refused (429) past the account's open uploads or its day's bytes. */
    begin(account: string, uploadId: string, bytes: number): void {
      const uploads = openOf(account);
      if (uploads.has(uploadId)) return; // the same capture begun again: counted once
      if (uploads.size >= limits().openUploads) throw new MediaRefused(429, ACCOUNT_LIMIT_MESSAGES.openUploads);
      chargeBytes(account, bytes);
      uploads.set(uploadId, now().getTime());
    },
    /** A whole file sent in one request (the multipart route): only the day's bytes. */
    charge: chargeBytes,
    /** The upload arrived whole: it is no longer open. */
    finished(uploadId: string): void {
      for (const [account, uploads] of open) {
        uploads.delete(uploadId);
        if (uploads.size === 0) open.delete(account);
      }
    },
  };
}
export type UploadBudget = ReturnType<typeof uploadBudget>;
