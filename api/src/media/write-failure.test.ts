import { describe, expect, it } from 'vitest';
import { storageFaultOf } from '../db/storage-health';
import { mediaWriteFailure } from './write-failure';

// @tus/file-store's own shape for a failed write: the system's ENOSPC is gone by then.
const tusWriteError = { status_code: 500, body: 'Something went wrong when trying to write the file' };

describe('a failed media write', () => {
  it('is named a full disk (507, health 503) when the disk has no room for what was left to write', async () => {
    const failure = await mediaWriteFailure(tusWriteError, '/data/media/files', 5_000_000, () => Promise.resolve(4096));
    expect(failure).toBeInstanceOf(Error);
    expect(failure.message).toContain('Something went wrong');
    expect(storageFaultOf(failure)).toBe('full');
  });

  it('stays a plain server error, but a real Error that gets logged, when there is room', async () => {
    const failure = await mediaWriteFailure(tusWriteError, '/data/media/files', 5_000_000, () =>
      Promise.resolve(50_000_000_000),
    );
    expect(failure).toBeInstanceOf(Error);
    expect(storageFaultOf(failure)).toBeUndefined();
  });

  it("keeps the system's own error as it is", async () => {
    const enospc = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    expect(await mediaWriteFailure(enospc, '/data/media/files', 10, () => Promise.resolve(50_000_000_000))).toBe(
      enospc,
    );
  });
});
