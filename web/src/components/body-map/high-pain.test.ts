import { regionById, regionCentre } from '@clinic/sync-protocol/body';
import { describe, expect, it } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { highPainPlaces, useHighPainPlaces } from './high-pain';
import { spotPlace } from './marker-name';

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

describe('highPainPlaces by the stored region', () => {
  it('names a spot on the midline of the neck without a side, beside it with one', () => {
    const neck = regionById('front.neck.left')!;
    const [, y] = regionCentre(neck);
    expect(highPainPlaces([{ view: 'front', x: 50, y, region: neck.id, painLevel: 8 }])).toEqual(['前頸部']);
    expect(highPainPlaces([{ view: 'front', x: 55, y, region: neck.id, painLevel: 8 }])).toEqual([
      '前頸部（患者の左）',
    ]);
  });

  it('names nothing for a spot whose stored region is unknown (the list does not load the shapes to guess)', () => {
    expect(highPainPlaces([{ view: 'front', x: 50, y: 20, region: null, painLevel: 9 }])).toEqual([]);
    expect(highPainPlaces([{ view: 'front', x: 50, y: 20, region: 'front.tail.left', painLevel: 9 }])).toEqual([]);
  });
});

describe('useHighPainPlaces', () => {
  it('names stored regions at once', () => {
    const spots = [at('back.low-back.left', 9)];
    const { result } = renderHook(() => useHighPainPlaces(spots));
    expect(result.current).toEqual(['腰部（患者の左）']);
  });

  it('names a spot without a stored region by its position once the shapes have loaded', async () => {
    const [x, y] = regionCentre(regionById('front.knee.left')!);
    const spots = [at('back.low-back.left', 7), { view: 'front' as const, x, y, region: null, painLevel: 9 }];
    expect(highPainPlaces(spots, spotPlace)).toEqual(['膝（患者の左）', '腰部（患者の左）']);
    const { result } = renderHook(() => useHighPainPlaces(spots));
    expect(result.current).toEqual(['腰部（患者の左）']);
    await waitFor(() => expect(result.current).toEqual(['膝（患者の左）', '腰部（患者の左）']));
  });
});
