import { ACCOUNT_LIMIT_MESSAGES } from '@clinic/sync-protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { freshDb } from '../test-utils/sync-fixtures';
import { putCapture, serverMedia, waitingFile } from './media-test-support';
import { UploadFailure, type TusUpload } from './tus-upload';
import { backoffMs, nextUpload, runUploader } from './uploader';

const CUSTOMER = '11111111-1111-4111-8111-111111111111';
const id = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;

type Call = {
  id: string;
  resolve: () => void;
  reject: (error: Error) => void;
  progress: (sent: number, total: number) => void;
};

function fakeUpload() {
  const calls: Call[] = [];
  const upload = vi.fn(
    (_blob: Blob, target: { id: string }, progress: (sent: number, total: number) => void): TusUpload => {
      let resolve!: () => void;
      let reject!: (error: Error) => void;
      const done = new Promise<void>((res, rej) => {
        resolve = res;
        reject = rej;
      });
      calls.push({ id: target.id, resolve, reject, progress });
      return { done, abort: vi.fn() };
    },
  );
  return { calls, upload };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('the uploader', () => {
  const stops: (() => void)[] = [];
  afterEach(() => stops.splice(0).forEach((stop) => stop()));

  it('sends only captures whose record the server holds, oldest first', async () => {
    const db = freshDb();
    await putCapture(db, serverMedia({ id: id(1), customerId: CUSTOMER, pending: 1, version: 0 }), waitingFile(id(1)));
    await putCapture(
      db,
      serverMedia({ id: id(2), customerId: CUSTOMER, capturedAt: '2026-11-21T00:00:00.000Z' }),
      waitingFile(id(2)),
    );
    await putCapture(
      db,
      serverMedia({ id: id(3), customerId: CUSTOMER, capturedAt: '2026-11-20T00:00:00.000Z' }),
      waitingFile(id(3)),
    );
    await putCapture(db, serverMedia({ id: id(4), customerId: CUSTOMER }), waitingFile(id(4), { failed: 1 }));
    await putCapture(
      db,
      serverMedia({ id: id(5), customerId: CUSTOMER }),
      waitingFile(id(5), { retryAt: Date.now() + 60_000 }),
    );
    expect((await nextUpload(db, Date.now()))?.media.id).toBe(id(3));
  });

  it('marks a sent capture done, once, even when nudged while it runs', async () => {
    const db = freshDb();
    await putCapture(db, serverMedia({ id: id(1), customerId: CUSTOMER }), waitingFile(id(1)));
    const { calls, upload } = fakeUpload();
    const afterUpload = vi.fn();
    stops.push(runUploader({ db, isOnline: () => true, upload, afterUpload }));
    await settle();
    window.dispatchEvent(new Event('online'));
    await settle();
    expect(calls).toHaveLength(1);
    calls[0]!.progress(2, 3);
    calls[0]!.resolve();
    await settle();
    expect(await db.mediaFiles.get(id(1))).toMatchObject({ waiting: 0, sentBytes: 3, attempts: 0 });
    expect(afterUpload).toHaveBeenCalledTimes(1);
    expect(upload).toHaveBeenCalledTimes(1);
  });

  it('backs off after a failure it can retry, and gives up on a refusal', async () => {
    const db = freshDb();
    await putCapture(db, serverMedia({ id: id(1), customerId: CUSTOMER }), waitingFile(id(1)));
    await putCapture(
      db,
      serverMedia({ id: id(2), customerId: CUSTOMER, capturedAt: '2026-11-21T00:00:00.000Z' }),
      waitingFile(id(2)),
    );
    const { calls, upload } = fakeUpload();
    const now = Date.now();
    stops.push(runUploader({ db, isOnline: () => true, upload, now: () => now }));
    // Each file is opened (decrypted) before it is handed over: waited for, not timed.
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    calls[0]!.reject(new UploadFailure('network', false, null));
    await vi.waitFor(() => expect(calls[1]?.id).toBe(id(2)));
    expect(await db.mediaFiles.get(id(1))).toMatchObject({ waiting: 1, attempts: 1, retryAt: now + backoffMs(1) });
    calls[1]!.reject(new UploadFailure('JPEG・PNG の写真か WebM・MP4 の動画だけを保存できます', true, 415));
    await settle();
    expect(await db.mediaFiles.get(id(2))).toMatchObject({
      failed: 1,
      lastError: 'JPEG・PNG の写真か WebM・MP4 の動画だけを保存できます',
    });
    expect(calls).toHaveLength(2);
  });

  it('keeps a capture the server refuses for an account cap (429), shows its words, and tries again later', async () => {
    const db = freshDb();
    await putCapture(db, serverMedia({ id: id(1), customerId: CUSTOMER }), waitingFile(id(1)));
    const { calls, upload } = fakeUpload();
    const now = Date.now();
    stops.push(runUploader({ db, isOnline: () => true, upload, now: () => now }));
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    calls[0]!.reject(new UploadFailure(ACCOUNT_LIMIT_MESSAGES.dailyUploadBytes, false, 429));
    await vi.waitFor(async () =>
      expect(await db.mediaFiles.get(id(1))).toMatchObject({
        waiting: 1,
        attempts: 1,
        retryAt: now + backoffMs(1),
        lastError: ACCOUNT_LIMIT_MESSAGES.dailyUploadBytes,
      }),
    );
    expect((await db.mediaFiles.get(id(1)))?.failed).toBeFalsy();
  });

  it('waits for the network', async () => {
    const db = freshDb();
    await putCapture(db, serverMedia({ id: id(1), customerId: CUSTOMER }), waitingFile(id(1)));
    const { calls, upload } = fakeUpload();
    let online = false;
    stops.push(runUploader({ db, isOnline: () => online, upload }));
    await settle();
    expect(calls).toHaveLength(0);
    online = true;
    window.dispatchEvent(new Event('online'));
    await settle();
    expect(calls).toHaveLength(1);
  });

  it('grows the pause between failures up to five minutes', () => {
    expect([1, 2, 3, 10].map(backoffMs)).toEqual([5_000, 10_000, 20_000, 300_000]);
  });
});
