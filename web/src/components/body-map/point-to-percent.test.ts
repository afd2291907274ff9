import { describe, expect, it } from 'vitest';
import { pointToPercent } from './point-to-percent';

describe('pointToPercent', () => {
  const rect = { left: 100, top: 50, width: 300, height: 600 };

  it('turns a position in the figure into percent of it, one decimal', () => {
    expect(pointToPercent(100, 50, rect)).toEqual({ x: 0, y: 0 });
    expect(pointToPercent(400, 650, rect)).toEqual({ x: 100, y: 100 });
    expect(pointToPercent(250, 170, rect)).toEqual({ x: 50, y: 20 });
    // 1/3 of the width and 1/7 of the height: rounded to one decimal.
    expect(pointToPercent(200, 50 + 600 / 7, rect)).toEqual({ x: 33.3, y: 14.3 });
  });

  it('finds the drawing centred in a box wider than 1:2 (the SVG default)', () => {
    // 500 × 600: the figure is 300 wide, 100 px in from the left.
    const wide = { left: 0, top: 0, width: 500, height: 600 };
    expect(pointToPercent(100, 0, wide)).toEqual({ x: 0, y: 0 });
    expect(pointToPercent(250, 300, wide)).toEqual({ x: 50, y: 50 });
    expect(pointToPercent(50, 300, wide)).toBeNull();
  });

  it('is null off the drawing or for a box not laid out', () => {
    expect(pointToPercent(99, 100, rect)).toBeNull();
    expect(pointToPercent(200, 651, rect)).toBeNull();
    expect(pointToPercent(10, 10, { left: 0, top: 0, width: 0, height: 0 })).toBeNull();
  });
});
