import { describe, expect, it, vi } from 'vitest';
import { probeCamera } from './camera-probe';

describe('probeCamera', () => {
  it('says offline for an empty address without asking anyone (demo mode)', async () => {
    const fetcher = vi.fn();
    await expect(probeCamera('', 100, fetcher)).resolves.toBe('offline');
    expect(fetcher).not.toHaveBeenCalled();
  });

  it('says online when the camera answers and offline when it does not', async () => {
    await expect(probeCamera('http://cam.local', 100, vi.fn().mockResolvedValue(new Response(null)))).resolves.toBe(
      'online',
    );
    await expect(
      probeCamera('http://cam.local', 100, vi.fn().mockRejectedValue(new TypeError('failed'))),
    ).resolves.toBe('offline');
  });

  it('gives up after the time allowed', async () => {
    const hanging = vi.fn(
      (_url: string, init?: RequestInit) =>
        new Promise<Response>((_, reject) =>
          init?.signal?.addEventListener('abort', () => reject(new Error('aborted'))),
        ),
    );
    await expect(probeCamera('http://cam.local', 20, hanging as unknown as typeof fetch)).resolves.toBe('offline');
  });
});
