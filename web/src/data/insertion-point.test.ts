import { describe, expect, it } from 'vitest';
import { insertionPoint } from './insertion-point';

const byNumber = (a: number, b: number) => a - b;

describe('insertionPoint', () => {
  it('finds the place that keeps a list ordered, after the entries equal to the new one', () => {
    expect(insertionPoint([], 5, byNumber)).toBe(0);
    expect(insertionPoint([1, 3, 5, 7], 0, byNumber)).toBe(0);
    expect(insertionPoint([1, 3, 5, 7], 4, byNumber)).toBe(2);
    expect(insertionPoint([1, 3, 5, 5, 7], 5, byNumber)).toBe(4);
    expect(insertionPoint([1, 3, 5, 7], 9, byNumber)).toBe(4);
  });
});
