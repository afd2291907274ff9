import { describe, expect, it } from 'vitest';
import { painFigures } from './pain-figures';

const spot = (painLevel: number, region: string | null, resolved = false) => ({ painLevel, region, resolved });

describe('painFigures', () => {
  it('sums a record up: spots, average to one decimal, maximum, wording, extent and the chip', () => {
    expect(painFigures([spot(8, 'a'), spot(3, 'b'), spot(4, 'a')])).toEqual({
      total: 3,
      spots: 3,
      resolved: 0,
      average: 5,
      max: 8,
      summary: '強い痛みがあります',
      extent: 2,
      chip: 'red',
    });
    expect(painFigures([spot(5, 'a'), spot(6, 'b')]).chip).toBe('orange');
    expect(painFigures([spot(2, 'a'), spot(1, 'b')])).toMatchObject({
      average: 1.5,
      chip: 'green',
      summary: '軽微な不快感があります',
    });
  });

  it('counts a healed (消失) spot in the total only: not in the average, maximum, wording or extent', () => {
    expect(painFigures([spot(4, 'a'), spot(9, 'b', true)])).toEqual({
      total: 2,
      spots: 1,
      resolved: 1,
      average: 4,
      max: 4,
      summary: '軽度の痛みがあります',
      extent: 1,
      chip: 'orange',
    });
    expect(painFigures([spot(9, 'b', true)])).toMatchObject({
      spots: 0,
      average: null,
      max: null,
      summary: '痛みの記録がありません',
      chip: null,
    });
  });
});
