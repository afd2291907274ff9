import { describe, expect, it } from 'vitest';
import { compareRecords, regionLevels } from './compare';
import { chosenPair, recordOptions } from './compare-options';
import { record } from './pain-history-test-support';

const before = record(1, '2026-11-01', [
  { region: 'front.shoulder.right', level: 7 },
  { region: 'front.shoulder.right', level: 4 },
  { region: 'back.low-back.left', level: 6 },
  { region: 'front.knee.left', level: 5 },
  { region: 'back.neck.right', level: 3 },
]);
const after = record(2, '2026-11-20', [
  { region: 'front.shoulder.right', level: 4 },
  { region: 'back.low-back.left', level: 6, resolved: true },
  { region: 'back.neck.right', level: 3 },
  { region: 'back.scapula.left', level: 6 },
]);

describe('comparing two records', () => {
  it("takes a region's highest marker, a 消失 one as 0", () => {
    expect([...regionLevels(after.markers)]).toEqual([
      ['front.shoulder.right', 4],
      ['back.low-back.left', 0],
      ['back.neck.right', 3],
      ['back.scapula.left', 6],
    ]);
  });

  it('gives each region before → after with 改善 / 悪化 / 変化なし, head to foot, front first', () => {
    const { rows } = compareRecords(before.markers, after.markers);
    expect(rows.map((r) => [r.region, r.before, r.after, r.change])).toEqual([
      ['front.shoulder.right', 7, 4, '改善'],
      ['front.knee.left', 5, null, '改善'],
      ['back.neck.right', 3, 3, '変化なし'],
      ['back.scapula.left', null, 6, '悪化'],
      ['back.low-back.left', 6, 0, '改善'],
    ]);
  });

  it('sorts painful regions into 継続, 消失/移動 and 新規, and counts the pain extent of each', () => {
    const { overlap, extent } = compareRecords(before.markers, after.markers);
    expect(overlap).toEqual({
      stayed: ['front.shoulder.right', 'back.neck.right'],
      gone: ['front.knee.left', 'back.low-back.left'],
      added: ['back.scapula.left'],
    });
    expect(extent).toEqual({ before: 4, after: 3 });
  });

  it('offers the records by date, two of one day told apart, and starts from the latest two', () => {
    const sameDay = {
      ...record(3, '2026-11-20', []),
      diagnosis: { ...record(3, '2026-11-20', []).diagnosis, createdAt: '2026-11-20T05:00:00.000Z' },
    };
    const history = [sameDay, after, before];
    expect(recordOptions(history).map((o) => o.label)).toEqual([
      '2026-11-20（2件目）',
      '2026-11-20（1件目）',
      '2026-11-01',
    ]);
    expect(chosenPair(history, null, null)).toEqual({ before: after, after: sameDay });
    expect(chosenPair(history, before.diagnosis.id, 'deleted-since')).toEqual({ before, after: sameDay });
    expect(chosenPair([before], null, null)).toBeNull();
  });
});
