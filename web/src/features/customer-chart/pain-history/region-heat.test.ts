import { chronicAreas } from '@clinic/sync-protocol/body';
import { describe, expect, it } from 'vitest';
import { toPainRecords } from '../../../data/live';
import { heatOfView, regionHeat, regionLabel } from './region-heat';
import { record } from './pain-history-test-support';

describe('heat map of past records', () => {
  it('shades each region by its average over the records that mark it, with their count; a 消失 marker is 0 in its record', () => {
    const records = toPainRecords([
      record(1, '2026-11-01', [
        { region: 'front.shoulder.right', level: 8 },
        { region: 'back.low-back.left', level: 6 },
      ]),
      record(2, '2026-11-10', [
        { region: 'front.shoulder.right', level: 6 },
        { region: 'back.low-back.left', level: 6, resolved: true },
      ]),
      record(3, '2026-11-20', [{ region: 'front.shoulder.right', level: 7 }]),
    ]);
    const heat = regionHeat(records);
    expect(heat).toEqual([
      { region: 'front.shoulder.right', level: 7, count: 3 },
      { region: 'back.low-back.left', level: 3, count: 2 },
    ]);
    expect(heatOfView(heat, 'back')).toEqual([{ region: 'back.low-back.left', level: 3, count: 2 }]);
    // The healed record pulls 腰部 under the chronic line (6, 6 would not be chronic anyway: 2 records).
    expect(chronicAreas(records).map((a) => a.region)).toEqual(['front.shoulder.right']);
  });

  it('names regions for a person', () => {
    expect(regionLabel('back.sacrum.center')).toBe('仙骨部');
    expect(regionLabel('front.knee.left')).toBe('膝（患者の左）');
    expect(regionLabel('unknown.region')).toBe('unknown.region');
  });
});
