import { describe, expect, it } from 'vitest';
import { diffFields, sameValue } from './diff';

describe('sameValue', () => {
  it('compares objects by their entries, whatever the key order', () => {
    expect(sameValue({ a: 1, b: { c: [1, 2] } }, { b: { c: [1, 2] }, a: 1 })).toBe(true);
    expect(sameValue({ a: 1, b: { c: [1, 2] } }, { a: 1, b: { c: [2, 1] } })).toBe(false);
  });

  it('sees a change inside a nested value, not just that the value is an object', () => {
    expect(sameValue({ x: 10, y: 20.5 }, { x: 10, y: 20.6 })).toBe(false);
    expect(sameValue([{ x: 1 }], [{ x: 1 }, { x: 2 }])).toBe(false);
  });

  it('treats a missing value as null, and nothing else as blank', () => {
    expect(sameValue(undefined, null)).toBe(true);
    expect(sameValue(null, '')).toBe(false);
    expect(sameValue(0, null)).toBe(false);
    expect(sameValue('1', 1)).toBe(false);
    expect(sameValue([], {})).toBe(false);
  });
});

describe('diffFields', () => {
  type F = { name: string; age: number | null; tags: string[] };
  const fields = ['name', 'age', 'tags'] as const;
  const original: F = { name: '山田', age: 30, tags: ['肩'] };

  it('carries only changed fields and the values they replace', () => {
    expect(diffFields<F>(fields, original, { name: '山田', age: 31, tags: ['肩'] })).toEqual({
      patch: { age: 31 },
      base: { age: 30 },
      changed: true,
    });
  });

  it('compares nested values by content', () => {
    expect(diffFields<F>(fields, original, { tags: ['肩'] }).changed).toBe(false);
    expect(diffFields<F>(fields, original, { tags: ['肩', '腰'] }).patch).toEqual({ tags: ['肩', '腰'] });
  });

  it('leaves out fields the next value does not name, and can set a value to blank', () => {
    expect(diffFields<F>(fields, original, { age: null })).toEqual({
      patch: { age: null },
      base: { age: 30 },
      changed: true,
    });
    expect(diffFields<F>(fields, original, {}).changed).toBe(false);
  });
});
