import { describe, expect, it } from 'vitest';
import { markerSize } from './marker-size';

describe('markerSize', () => {
  it('keeps a 44 px target and a 28 px marker at any drawn width', () => {
    for (const width of [120, 240, 300, 600]) {
      const pxPerUnit = width / 200;
      const size = markerSize(width, true);
      expect(size.hitRadius * 2 * pxPerUnit).toBeCloseTo(44);
      expect(size.radius * 2 * pxPerUnit).toBeCloseTo(28);
      // Tappable markers a whole target apart, so no target covers another.
      expect(size.minDistance * pxPerUnit).toBeCloseTo(44);
    }
  });

  it('lets markers that are only shown sit closer, never touching', () => {
    const size = markerSize(200, false);
    expect(size.minDistance).toBeGreaterThan(2 * size.radius);
    expect(size.minDistance).toBeLessThan(markerSize(200, true).minDistance);
  });

  it('assumes a 240 px figure before it is laid out', () => {
    expect(markerSize(0, true)).toEqual(markerSize(240, true));
  });
});
