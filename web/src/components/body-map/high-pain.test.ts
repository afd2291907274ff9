import { regionById, regionCentre } from '@clinic/sync-protocol/body';
import { describe, expect, it } from 'vitest';
import { highPainPlaces } from './high-pain';

const at = (region: string, painLevel: number, resolved = false) => {
  const [x, y] = regionCentre(regionById(region)!);
  return { view: regionById(region)!.view, x, y, region, painLevel, resolved };
};

describe('highPainPlaces', () => {
  it('names the places at level 7 or more, the strongest first, each once', () => {
    expect(
      highPainPlaces([
        at('front.shoulder.right', 7),
        at('back.low-back.left', 9),
        at('front.knee.left', 6),
        at('front.shoulder.right', 8),
      ]),
    ).toEqual(['腰部（患者の左）', '肩（患者の右）']);
  });

  it('leaves out a healed (消失) spot, and says nothing when no spot hurts that much', () => {
    expect(highPainPlaces([at('front.shoulder.right', 9, true), at('front.knee.left', 6)])).toEqual([]);
    expect(highPainPlaces([])).toEqual([]);
  });
});
