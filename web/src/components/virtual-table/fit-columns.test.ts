import { describe, expect, it } from 'vitest';
import { fitColumns } from './fit-columns';

const col = (key: string, width: number, priority?: number) => ({
  key,
  width,
  ...(priority === undefined ? {} : { priority }),
});
const keys = (columns: readonly { key: string }[]) => columns.map((c) => c.key);

describe('fitColumns', () => {
  const columns = [
    col('no', 100, 1),
    col('name', 200),
    col('age', 60, 3),
    col('mail', 200, 5),
    col('phone', 140, 2),
    col('actions', 160),
  ];

  it('keeps all when they fit, or when the width is not known yet', () => {
    expect(fitColumns(columns, 860)).toBe(columns);
    expect(fitColumns(columns, 0)).toBe(columns);
  });

  it('drops by priority, largest first, until the rest fit', () => {
    expect(keys(fitColumns(columns, 700))).toEqual(['no', 'name', 'age', 'phone', 'actions']);
    expect(keys(fitColumns(columns, 640))).toEqual(['no', 'name', 'phone', 'actions']);
    expect(keys(fitColumns(columns, 400))).toEqual(['name', 'actions']);
  });

  it('never drops a column without priority, even when the rest do not fit', () => {
    expect(keys(fitColumns(columns, 100))).toEqual(['name', 'actions']);
  });

  it('drops the rightmost of equal priority first', () => {
    expect(keys(fitColumns([col('a', 100, 1), col('b', 100, 1), col('c', 100)], 250))).toEqual(['a', 'c']);
  });
});
