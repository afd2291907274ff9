import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { localDb } from '../../data/local-db';
import { sealFile } from '../../media/sealed-files';
import { useFreshDevice } from '../../test-utils/fresh-device';
import { recoverRecordings } from './recording-store';
import { type RecorderResult, useRecorder } from './use-recorder';

const CUSTOMER = '11111111-1111-4111-8111-111111111111';

/** A recorder that hands over a piece whenever the test says, as the browser's does each second. */
class FakeRecorder {
  static last: FakeRecorder | null = null;
  static isTypeSupported = () => true;
  state: 'inactive' | 'recording' = 'inactive';
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  constructor(readonly stream: MediaStream) {
    FakeRecorder.last = this;
  }
  start() {
    this.state = 'recording';
  }
  emit(bytes: number[]) {
    this.ondataavailable?.({ data: new Blob([new Uint8Array(bytes)], { type: 'video/webm' }) });
  }
  stop() {
    this.state = 'inactive';
    this.emit([9]);
    queueMicrotask(() => this.onstop?.());
  }
}

const stream = {
  getVideoTracks: () => [{ getSettings: () => ({ width: 1280, height: 720 }) }],
} as unknown as MediaStream;
const pieces = () => localDb.recordingChunks.filter((c) => c.seq > 0).count();

describe('recording', () => {
  useFreshDevice();
  beforeEach(() => vi.stubGlobal('MediaRecorder', FakeRecorder));

  it('writes each piece to the device as it arrives, and saves one video on stop', async () => {
    const done = vi.fn<(result: RecorderResult) => void>();
    const { result } = renderHook(() => useRecorder(stream, done));
    await act(() => result.current.start({ customerId: CUSTOMER, visitId: null }, null, null));
    expect(result.current.recording).toBe(true);
    FakeRecorder.last!.emit([0x1a, 0x45, 0xdf, 0xa3]);
    FakeRecorder.last!.emit([1, 2]);
    await waitFor(async () => expect(await pieces()).toBe(2));
    act(() => result.current.stop());
    await waitFor(() => expect(done).toHaveBeenCalledWith(expect.objectContaining({ kind: 'saved', diskFull: false })));
    const [video] = await localDb.media.toArray();
    expect(video).toMatchObject({ kind: 'video', customerId: CUSTOMER, size: 7, width: 1280 });
    expect(await localDb.recordingChunks.count()).toBe(0);
  });

  it('stops when the disk is full and keeps what was captured', async () => {
    const { done, result } = await recordingWithOnePiece();
    vi.spyOn(localDb.recordingChunks, 'put').mockRejectedValueOnce(
      Object.assign(new Error('full'), { name: 'QuotaExceededError' }),
    );
    FakeRecorder.last!.emit([5, 6]);
    await waitFor(() => expect(done).toHaveBeenCalledWith(expect.objectContaining({ kind: 'saved', diskFull: true })));
    expect(result.current.recording).toBe(false);
    const [video] = await localDb.media.toArray();
    expect(video?.size).toBe(7);
  });

  it('keeps no video while its pieces stay, so a stop cut short is saved once, from the pieces, next time', async () => {
    const { done, result } = await recordingWithOnePiece();
    // The pieces cannot be dropped (as if the tab closed at that moment): the video must not be kept either,
    // or the screen's next visit saves the pieces again as a second video.
    vi.spyOn(localDb.recordingChunks, 'where').mockImplementationOnce(
      () =>
        ({
          between: () => ({ delete: () => Promise.reject(new Error('the tab closed')) }),
        }) as never,
    );
    act(() => result.current.stop());
    await waitFor(() => expect(done).toHaveBeenCalledWith(expect.objectContaining({ kind: 'failed' })));
    expect(await localDb.media.count()).toBe(0);
    expect(await localDb.outbox.count()).toBe(0);
    expect(await pieces()).toBe(2);
    expect(await recoverRecordings(localDb, null)).toBe(1);
    expect(await localDb.media.count()).toBe(1);
    expect(await localDb.recordingChunks.count()).toBe(0);
  });

  it('saves a recording left behind once when two screens recover it at once', async () => {
    await leaveRecording('rec-2');
    expect((await Promise.all([recoverRecordings(localDb, null), recoverRecordings(localDb, null)])).sort()).toEqual([
      0, 1,
    ]);
    expect(await localDb.media.count()).toBe(1);
    expect(await localDb.mediaFiles.count()).toBe(1);
    expect(await localDb.recordingChunks.count()).toBe(0);
  });

  it('saves a recording a closed tab left behind, from its pieces', async () => {
    await leaveRecording('rec-1');
    expect(await recoverRecordings(localDb, null)).toBe(1);
    const [video] = await localDb.media.toArray();
    // One piece a second: two pieces, two seconds.
    expect(video).toMatchObject({
      kind: 'video',
      customerId: CUSTOMER,
      duration: 2,
      capturedAt: '2026-11-20T01:00:00.000Z',
    });
    expect(await localDb.mediaFiles.get(video!.id)).toMatchObject({ waiting: 1 });
    expect(await localDb.recordingChunks.count()).toBe(0);
  });
});

/** A recording under way whose first piece (the WebM header) is on the device; `done` hears how it ends. */
async function recordingWithOnePiece() {
  const done = vi.fn<(result: RecorderResult) => void>();
  const { result } = renderHook(() => useRecorder(stream, done));
  await act(() => result.current.start({ customerId: CUSTOMER, visitId: null }, null, null));
  FakeRecorder.last!.emit([0x1a, 0x45, 0xdf, 0xa3]);
  await waitFor(async () => expect(await pieces()).toBe(1));
  return { done, result };
}

/** What a tab closed during a two-second recording leaves: its meta piece and two video pieces. */
async function leaveRecording(id: string) {
  await localDb.recordingChunks.bulkPut([
    {
      recordingId: id,
      seq: 0,
      data: null,
      meta: { customerId: CUSTOMER, visitId: null, startedAt: '2026-11-20T01:00:00.000Z', mime: 'video/webm' },
    },
    // Pieces are kept sealed, as the recorder writes them.
    {
      recordingId: id,
      seq: 1,
      data: await sealFile(new Blob([new Uint8Array([0x1a, 0x45, 0xdf, 0xa3])]), 'recordingChunks.data', [id, 1]),
    },
    { recordingId: id, seq: 2, data: await sealFile(new Blob([new Uint8Array([7])]), 'recordingChunks.data', [id, 2]) },
  ]);
}
