import { describe, expect, it } from 'vitest';
import { localDb } from '../data/local-db';
import { useFreshDevice } from '../test-utils/fresh-device';
import { saveCapture } from './capture-store';

const CUSTOMER = '11111111-1111-4111-8111-111111111111';
const webm = () => new Blob([new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 1, 2, 3])], { type: 'video/webm' });

describe('saveCapture', () => {
  useFreshDevice();

  it('keeps the file and its record together, waiting for upload', async () => {
    const id = await saveCapture({
      customerId: CUSTOMER,
      visitId: null,
      kind: 'video',
      mime: 'video/webm',
      blob: webm(),
      thumbnail: null,
      duration: 3.04,
      width: 1280,
      height: 720,
      quality: null,
    });
    expect(await localDb.media.get(id)).toMatchObject({
      id,
      customerId: CUSTOMER,
      kind: 'video',
      size: 7,
      duration: 3,
      uploaded: false,
      pending: 1,
    });
    const file = await localDb.mediaFiles.get(id);
    expect(file).toMatchObject({ waiting: 1, sentBytes: 0, attempts: 0 });
    expect(file?.blob).toBeTruthy();
    expect((await localDb.outbox.toArray()).map((m) => m.name)).toEqual(['media.create']);
  });

  it('stores nothing when the capture does not fit its kind, and says why in Japanese', async () => {
    const saving = saveCapture({
      customerId: CUSTOMER,
      visitId: null,
      kind: 'photo',
      mime: 'video/webm',
      blob: webm(),
      thumbnail: null,
      duration: null,
      width: null,
      height: null,
      quality: null,
    });
    await expect(saving).rejects.toThrow('ファイルの種類が写真・動画の区別と合っていません');
    expect(await localDb.mediaFiles.count()).toBe(0);
    expect(await localDb.media.count()).toBe(0);
    expect(await localDb.outbox.count()).toBe(0);
  });

  it('stores neither the file nor the record when the transaction fails', async () => {
    const original = localDb.mediaFiles.put.bind(localDb.mediaFiles);
    localDb.mediaFiles.put = (() =>
      Promise.reject(
        Object.assign(new Error('full'), { name: 'QuotaExceededError' }),
      )) as unknown as typeof localDb.mediaFiles.put;
    try {
      await expect(
        saveCapture({
          customerId: CUSTOMER,
          visitId: null,
          kind: 'video',
          mime: 'video/webm',
          blob: webm(),
          thumbnail: null,
          duration: 1,
          width: null,
          height: null,
          quality: null,
        }),
      ).rejects.toThrow();
    } finally {
      localDb.mediaFiles.put = original;
    }
    expect(await localDb.media.count()).toBe(0);
    expect(await localDb.outbox.count()).toBe(0);
  });
});
