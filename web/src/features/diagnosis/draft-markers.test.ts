import { describe, expect, it } from 'vitest';
import { carryForward, markerAt, nextNumber, putMarker, removeMarker, type DraftMarker } from './draft-markers';

const marker = (id: string, number: number, more: Partial<DraftMarker> = {}): DraftMarker => ({
  id,
  number,
  view: 'front',
  x: 30,
  y: 20,
  region: 'front.shoulder.right',
  bodyPart: '前面 (30.0%, 20.0%)',
  painLevel: 6,
  notes: '',
  resolved: false,
  ...more,
});

describe('draft markers', () => {
  it('numbers a new spot one past the highest, at level 5, where the figure was tapped', () => {
    expect(nextNumber([])).toBe(1);
    expect(nextNumber([marker('a', 1), marker('c', 4)])).toBe(5);
    const added = markerAt(
      { view: 'back', x: 45.5, y: 60.1, region: 'back.low-back.left', bodyPart: '背面 (45.5%, 60.1%)' },
      [marker('a', 2)],
      'new',
    );
    expect(added).toEqual({
      id: 'new',
      number: 3,
      view: 'back',
      x: 45.5,
      y: 60.1,
      region: 'back.low-back.left',
      bodyPart: '背面 (45.5%, 60.1%)',
      painLevel: 5,
      notes: '',
      resolved: false,
    });
  });

  it('replaces a marker with the same id, adds a new one in number order, and removes by id', () => {
    const list = [marker('a', 1), marker('b', 3)];
    expect(putMarker(list, { ...list[0]!, painLevel: 9 }).map((m) => [m.id, m.painLevel])).toEqual([
      ['a', 9],
      ['b', 6],
    ]);
    expect(putMarker(list, marker('n', 2)).map((m) => m.id)).toEqual(['a', 'n', 'b']);
    expect(removeMarker(list, 'a').map((m) => m.id)).toEqual(['b']);
  });

  it('carries the spots that still hurt forward with new ids, same place, level and notes, not healed', () => {
    const ids = ['x1', 'x2'];
    // As stored: with the record it belonged to and its sync columns, none of which may be carried.
    const stored = {
      ...marker('a', 1, { notes: '右肩', painLevel: 7 }),
      diagnosisId: 'old-record',
      pending: 0,
      version: 3,
    };
    const previous = [
      stored,
      marker('b', 2, { resolved: true }),
      marker('c', 3, { view: 'back', x: 55, y: 70, region: 'back.low-back.left', bodyPart: '背面 (55.0%, 70.0%)' }),
    ];
    const carried = carryForward(previous, () => ids.shift()!);
    expect(carried).toEqual([
      { ...marker('a', 1, { notes: '右肩', painLevel: 7 }), id: 'x1' },
      { ...previous[2], id: 'x2' },
    ]);
  });
});
