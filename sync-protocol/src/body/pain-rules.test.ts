import { describe, expect, it } from 'vitest';
import {
  averagePain,
  currentLevels,
  highPainMarkers,
  historyChipBand,
  markerColour,
  maxPain,
  painBand,
  painChange,
  painSummary,
} from './pain-rules';

/** WCAG 2 contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5]
      .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
      .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe('painBand (body map and list)', () => {
  it('is green below 4, yellow at 4-5, orange at 6-7, red at 8 and up', () => {
    const bands = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(painBand);
    expect(bands).toEqual(['green', 'green', 'green', 'yellow', 'yellow', 'orange', 'orange', 'red', 'red', 'red']);
  });

  it('gives an average its band by the same thresholds', () => {
    expect([3.9, 4, 5.9, 6, 7.9, 8].map(painBand)).toEqual(['green', 'yellow', 'yellow', 'orange', 'orange', 'red']);
  });

  it('colours a marker so it stands out on white and its number reads on it', () => {
    const bands = new Set<string>();
    for (let level = 1; level <= 10; level++) {
      const colour = markerColour(level);
      bands.add(colour.fill);
      expect(colour.band).toBe(painBand(level));
      expect(contrast(colour.fill, '#ffffff'), `fill ${level}`).toBeGreaterThanOrEqual(3);
      expect(contrast(colour.text, colour.fill), `text ${level}`).toBeGreaterThanOrEqual(4.5);
    }
    expect(bands.size).toBe(4);
  });
});

describe('historyChipBand', () => {
  it('is red at 7 or more, orange at 4 or more, else green', () => {
    expect([1, 3, 4, 6, 7, 10].map(historyChipBand)).toEqual(['green', 'green', 'orange', 'orange', 'red', 'red']);
  });
});

describe('painSummary', () => {
  it('words the highest level, each band at its edges', () => {
    expect(painSummary(10)).toBe('強い痛みがあります');
    expect(painSummary(8)).toBe('強い痛みがあります');
    expect(painSummary(7)).toBe('中程度の痛みがあります');
    expect(painSummary(5)).toBe('中程度の痛みがあります');
    expect(painSummary(4)).toBe('軽度の痛みがあります');
    expect(painSummary(3)).toBe('軽度の痛みがあります');
    expect(painSummary(2)).toBe('軽微な不快感があります');
    expect(painSummary(1)).toBe('軽微な不快感があります');
  });

  it('says there is no record of pain when nothing is marked', () => {
    expect(painSummary(maxPain([]))).toBe('痛みの記録がありません');
  });
});

describe('averagePain and maxPain', () => {
  it('averages to one decimal, half up', () => {
    expect(averagePain([5, 6])).toBe(5.5);
    expect(averagePain([7, 8, 8])).toBe(7.7);
    expect(averagePain([3, 3, 4])).toBe(3.3);
    // 23 / 20 = 1.15, which as a float times 10 is 11.4999… and would round down.
    expect(averagePain([...Array<number>(17).fill(1), 2, 2, 2])).toBe(1.2);
    expect(averagePain([])).toBeNull();
  });

  it('takes the highest level, null for none', () => {
    expect(maxPain([3, 9, 4])).toBe(9);
    expect(maxPain([])).toBeNull();
  });
});

describe('current levels and high-pain areas', () => {
  const markers = [
    { painLevel: 7, resolved: false },
    { painLevel: 6 },
    { painLevel: 9, resolved: true },
    { painLevel: 8 },
  ];

  it('leaves healed (消失) spots out of the pain now', () => {
    expect(currentLevels(markers)).toEqual([7, 6, 8]);
    expect(painSummary(maxPain(currentLevels([{ painLevel: 9, resolved: true }])))).toBe('痛みの記録がありません');
  });

  it('counts markers at 7 or more as high pain', () => {
    expect(highPainMarkers(markers)).toEqual([markers[0], markers[3]]);
  });
});

describe('painChange (a change that matters: 2 points or 30 %)', () => {
  it('is 改善 for a drop of exactly 2 points, and not for less', () => {
    expect(painChange(9, 7)).toBe('改善');
    expect(painChange(9, 7.1)).toBe('変化なし');
  });

  it('is 改善 for a drop of exactly 30 %, even under 2 points, and not for less', () => {
    expect(painChange(5, 3.5)).toBe('改善');
    expect(painChange(5, 3.6)).toBe('変化なし');
    expect(painChange(10, 7)).toBe('改善');
    expect(painChange(3, 2.1)).toBe('改善');
  });

  it('is 悪化 for the same rise', () => {
    expect(painChange(5, 7)).toBe('悪化');
    expect(painChange(5, 6.5)).toBe('悪化');
    expect(painChange(5, 6.4)).toBe('変化なし');
    expect(painChange(8, 9.9)).toBe('変化なし');
  });

  it('from 0 counts only points, as there is no percentage of nothing', () => {
    expect(painChange(0, 1.9)).toBe('変化なし');
    expect(painChange(0, 2)).toBe('悪化');
    expect(painChange(2, 0)).toBe('改善');
  });

  it('is 変化なし for no change', () => {
    expect(painChange(6, 6)).toBe('変化なし');
    expect(painChange(0, 0)).toBe('変化なし');
  });
});
