import { Blob as NodeBlob } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { freshDb } from '../test-utils/sync-fixtures';
import { putCapture, serverMedia, waitingFile } from './media-test-support';
import { freeSpace } from './space';

const CUSTOMER = '11111111-1111-4111-8111-111111111111';
const id = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
// Node's Blob: the fake IndexedDB keeps its size, as a browser's does (happy-dom's is not cloneable).
const big = (mb: number) => new NodeBlob([new Uint8Array(mb * 1024 * 1024)]) as unknown as Blob;
const thumb = new NodeBlob([new Uint8Array([0xff, 0xd8, 0xff])]) as unknown as Blob;

describe('freeing space', () => {
  it('drops the oldest files the server holds, keeping thumbnails, until under 70 %', async () => {
    const db = freshDb();
    const at = (day: number) => `2026-11-${String(day).padStart(2, '0')}T00:00:00.000Z`;
    await putCapture(
      db,
      serverMedia({ id: id(1), customerId: CUSTOMER, uploaded: true, capturedAt: at(3) }),
      waitingFile(id(1), { waiting: 0, blob: big(10), thumbnail: thumb }),
    );
    await putCapture(
      db,
      serverMedia({ id: id(2), customerId: CUSTOMER, uploaded: true, capturedAt: at(1) }),
      waitingFile(id(2), { waiting: 0, blob: big(10), thumbnail: thumb }),
    );
    await putCapture(
      db,
      serverMedia({ id: id(3), customerId: CUSTOMER, uploaded: true, capturedAt: at(2) }),
      waitingFile(id(3), { waiting: 0, blob: big(10), thumbnail: thumb }),
    );
    // Oldest of all, but the server does not have it yet: never dropped.
    await putCapture(
      db,
      serverMedia({ id: id(4), customerId: CUSTOMER, capturedAt: '2026-10-01T00:00:00.000Z' }),
      waitingFile(id(4), { blob: big(10) }),
    );
    const MB = 1024 * 1024;
    const dropped = await freeSpace(db, () => Promise.resolve({ usage: 85 * MB, quota: 100 * MB }));
    expect(dropped).toEqual([id(2), id(3)]);
    const dropped2 = await db.mediaFiles.get(id(2));
    expect(dropped2).toMatchObject({ blob: null, droppedAt: expect.any(String) });
    expect(dropped2?.thumbnail).toBeTruthy();
    expect((await db.mediaFiles.get(id(1)))?.blob).toBeTruthy();
    expect((await db.mediaFiles.get(id(4)))?.blob).toBeTruthy();
  });

  it('leaves everything while there is room', async () => {
    const db = freshDb();
    await putCapture(
      db,
      serverMedia({ id: id(1), customerId: CUSTOMER, uploaded: true }),
      waitingFile(id(1), { waiting: 0 }),
    );
    expect(await freeSpace(db, () => Promise.resolve({ usage: 79, quota: 100 }))).toEqual([]);
  });
});
