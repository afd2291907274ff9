import { describe, expect, it } from 'vitest';
import { formatLevel, heatColour, heatStep } from './heat-scale';

describe('heat scale', () => {
  it('has no colour for no heat and five steps, light to dark, up to 10', () => {
    expect([0, -1, Number.NaN].map(heatStep)).toEqual([null, null, null]);
    expect([0.1, 2, 2.1, 4, 5, 6.5, 8, 8.1, 10, 12].map(heatStep)).toEqual([0, 0, 1, 1, 2, 3, 3, 4, 4, 4]);
    expect(heatColour(0)).toBeNull();
    expect(heatColour(9)).toBe('#a50f15');
  });

  it('prints an average with one decimal and a whole level without', () => {
    expect([7, 6.55, 6.04, 10].map(formatLevel)).toEqual(['7', '6.6', '6', '10']);
  });
});
