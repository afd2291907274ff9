import { describe, expect, it } from 'vitest';
import { chronicAreas, regionHistories, type PainRecord } from './chronic-areas';

const KNEE = 'front.knee.right';
const LOW_BACK = 'back.low-back.left';
const NECK = 'back.neck.right';

/** One record per date, each with the given level per region (`null` = marked 消失, healed). */
function records(...visits: Array<[date: string, levels: Record<string, number | null>]>): PainRecord[] {
  return visits.map(([date, levels]) => ({
    date,
    markers: Object.entries(levels).map(([region, level]) => ({
      region,
      painLevel: level ?? 5,
      resolved: level === null,
    })),
  }));
}

describe('regionHistories (commonPainAreas)', () => {
  it('counts the records that mark each region and averages its level, oldest first whatever the order given', () => {
    const history = regionHistories(
      records(
        ['2026-03-01', { [KNEE]: 8, [NECK]: 3 }],
        ['2026-01-01', { [KNEE]: 6 }],
        ['2026-02-01', { [KNEE]: 7, [LOW_BACK]: 4 }],
      ),
    );
    expect(history).toEqual([
      { region: KNEE, frequency: 3, average: 7, levels: [6, 7, 8] },
      { region: LOW_BACK, frequency: 1, average: 4, levels: [4] },
      { region: NECK, frequency: 1, average: 3, levels: [3] },
    ]);
  });

  it('takes a region’s highest marker when a record marks it twice, and skips markers without a region', () => {
    const record: PainRecord = {
      date: '2026-01-01',
      markers: [
        { region: KNEE, painLevel: 4 },
        { region: KNEE, painLevel: 9 },
        { region: null, painLevel: 10 },
      ],
    };
    expect(regionHistories([record])).toEqual([{ region: KNEE, frequency: 1, average: 9, levels: [9] }]);
  });

  it('counts a healed (消失) marker as 0 in the average', () => {
    const [knee] = regionHistories(
      records(['2026-01-01', { [KNEE]: 8 }], ['2026-02-01', { [KNEE]: 7 }], ['2026-03-01', { [KNEE]: null }]),
    );
    expect(knee).toMatchObject({ frequency: 3, average: 5, levels: [8, 7, 0] });
  });
});

describe('chronicAreas', () => {
  it('is a region in 3 or more records with an average of 5 or more', () => {
    const chronic = chronicAreas(
      records(
        ['2026-01-01', { [KNEE]: 5, [LOW_BACK]: 9, [NECK]: 4 }],
        ['2026-02-01', { [KNEE]: 5, [LOW_BACK]: 9, [NECK]: 5 }],
        ['2026-03-01', { [KNEE]: 5, [NECK]: 5 }],
      ),
    );
    // The knee averages exactly 5 over 3 records; the low back is strong but in only 2; the neck averages 4.7.
    expect(chronic.map((area) => area.region)).toEqual([KNEE]);
  });

  it('lets healed spots bring a region below the chronic average', () => {
    const visits = records(
      ['2026-01-01', { [KNEE]: 8 }],
      ['2026-02-01', { [KNEE]: 6 }],
      ['2026-03-01', { [KNEE]: null }],
    );
    expect(chronicAreas(visits)).toEqual([]);
  });

  it('has no trend with only the latest 3 records to go on', () => {
    const visits = records(['2026-01-01', { [KNEE]: 6 }], ['2026-02-01', { [KNEE]: 6 }], ['2026-03-01', { [KNEE]: 6 }]);
    expect(chronicAreas(visits)).toEqual([{ region: KNEE, frequency: 3, average: 6, levels: [6, 6, 6], trend: null }]);
  });

  it('compares the latest 3 records with the 3 before them: 改善, 悪化, 変化なし', () => {
    const six = (levels: number[]) =>
      records(...levels.map((level, i): [string, Record<string, number>] => [`2026-0${i + 1}-01`, { [KNEE]: level }]));
    // 8 → 6: 2 points down.
    expect(chronicAreas(six([8, 8, 8, 6, 6, 6]))[0]!.trend).toBe('改善');
    // 6 → 7.7: 1.7 points, 28 %, not enough.
    expect(chronicAreas(six([6, 6, 6, 7, 8, 8]))[0]!.trend).toBe('変化なし');
    // 5 → 6.7: 1.7 points but 34 % up.
    expect(chronicAreas(six([5, 5, 5, 6, 7, 7]))[0]!.trend).toBe('悪化');
    // Older records beyond the prior 3 are not in the comparison: 9 → 9 → 6.
    const eight = records(
      ...[3, 3, 9, 9, 9, 6, 6, 6].map((level, i): [string, Record<string, number>] => [
        `2026-0${i + 1}-01`,
        { [KNEE]: level },
      ]),
    );
    expect(chronicAreas(eight)[0]).toMatchObject({ frequency: 8, trend: '改善' });
  });

  it('compares with what there is when fewer than 3 records come before the latest 3', () => {
    const visits = records(
      ...[9, 6, 6, 6].map((level, i): [string, Record<string, number>] => [`2026-0${i + 1}-01`, { [KNEE]: level }]),
    );
    expect(chronicAreas(visits)[0]!.trend).toBe('改善');
  });

  it('lists the strongest chronic areas first', () => {
    const visits = records(
      ['2026-01-01', { [KNEE]: 5, [LOW_BACK]: 8 }],
      ['2026-02-01', { [KNEE]: 6, [LOW_BACK]: 8 }],
      ['2026-03-01', { [KNEE]: 6, [LOW_BACK]: 7 }],
    );
    expect(chronicAreas(visits).map((area) => [area.region, area.average])).toEqual([
      [LOW_BACK, 7.7],
      [KNEE, 5.7],
    ]);
  });
});
