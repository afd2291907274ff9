import { describe, expect, it } from 'vitest';
import { formatBytes } from '../../components/media-thumb';
import { errorCountTone, pageLoadTone, shortSession } from './log-tones';

describe('device log colours and sizes (spec 9)', () => {
  it('colours error counts: 0 green, under 5 orange, otherwise red', () => {
    expect([0, 1, 4, 5, 40].map(errorCountTone)).toEqual(['ok', 'warn', 'warn', 'error', 'error']);
  });
  it('colours page loads: under 2000 ms green, under 5000 orange, otherwise red', () => {
    expect([null, 0, 1999, 2000, 4999, 5000].map(pageLoadTone)).toEqual([
      undefined,
      'ok',
      'ok',
      'warn',
      'warn',
      'error',
    ]);
  });
  it('shows sizes in B, KB and MB', () => {
    expect([512, 2048, 3 * 1024 * 1024].map(formatBytes)).toEqual(['512 B', '2.0 KB', '3.0 MB']);
  });
  it('shortens a session id to 8 characters', () => {
    expect(shortSession('0193a3f0-1111-4000-8000-000000000001')).toBe('0193a3f0');
  });
});
