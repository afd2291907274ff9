import { describe, expect, it } from 'vitest';
import { scrollTopToReveal, visibleRange } from './visible-range';

describe('visibleRange', () => {
  it('renders the rows in view plus the overscan, clamped to the list', () => {
    expect(visibleRange(0, 500, 50, 10_000, 3)).toEqual({ start: 0, end: 14 });
    expect(visibleRange(5_000, 500, 50, 10_000, 3)).toEqual({ start: 97, end: 114 });
    expect(visibleRange(499_700, 500, 50, 10_000, 3)).toEqual({ start: 9_991, end: 10_000 });
  });

  it('is empty for an empty list and ignores an overscrolled (negative) position', () => {
    expect(visibleRange(0, 500, 50, 0, 3)).toEqual({ start: 0, end: 0 });
    expect(visibleRange(-80, 500, 50, 100, 3)).toEqual({ start: 0, end: 14 });
  });
});

describe('scrollTopToReveal', () => {
  it('scrolls up to a row above the view, down to one below it, and not at all when it shows', () => {
    expect(scrollTopToReveal(2, 500, 400, 50)).toBe(100);
    expect(scrollTopToReveal(20, 0, 400, 50)).toBe(650);
    expect(scrollTopToReveal(5, 100, 400, 50)).toBe(100);
  });
});
