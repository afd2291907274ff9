import { describe, expect, it } from 'vitest';
import { latestChange, recordPains } from './record-pain';
import { record } from './pain-history-test-support';

describe('pain per record', () => {
  it('gives max and average per record oldest first, a 消失 spot as 0 and a record without spots left out', () => {
    const pains = recordPains([
      record(3, '2026-11-20', [
        { region: 'front.shoulder.right', level: 4 },
        { region: 'back.low-back.left', level: 8, resolved: true },
      ]),
      record(2, '2026-11-10', []),
      record(1, '2026-11-01', [
        { region: 'front.shoulder.right', level: 8 },
        { region: 'back.low-back.left', level: 5 },
      ]),
    ]);
    expect(pains.map(({ date, max, average }) => [date, max, average])).toEqual([
      ['2026-11-01', 8, 6.5],
      ['2026-11-20', 4, 2],
    ]);
  });

  it('judges the latest record against the one before on the max: 2 points or 30 %', () => {
    const pains = (maxes: number[]) =>
      recordPains(
        maxes.map((max, i) => record(i, `2026-11-${String(i + 10)}`, [{ region: 'front.knee.left', level: max }])),
      );
    expect(latestChange(pains([9, 8, 6]))?.verdict).toBe('改善');
    expect(latestChange(pains([3, 5]))?.verdict).toBe('悪化');
    expect(latestChange(pains([8, 7]))?.verdict).toBe('変化なし');
    expect(latestChange(pains([8, 7]))).toMatchObject({ before: { max: 8 }, after: { max: 7 } });
    expect(latestChange(pains([8]))).toBeNull();
  });
});
