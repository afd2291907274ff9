import { describe, expect, it } from 'vitest';
import { formatSavedAt } from './survey-time';

describe('formatSavedAt', () => {
  it('shows the time in Japan, across the date line at 15:00 UTC', () => {
    expect(formatSavedAt('2026-11-24T01:05:00.000Z')).toBe('2026/11/24 10:05');
    expect(formatSavedAt('2026-11-24T15:30:00.000Z')).toBe('2026/11/25 00:30');
  });

  it('leaves a value it cannot read as it is', () => {
    expect(formatSavedAt('昨日')).toBe('昨日');
  });
});
