import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CUT, SAFE_ARGS_LIMITS, safeArgs, safeArgsJson, safeText } from './safe-args';

const bytes = (text: string) => Buffer.byteLength(text, 'utf8');

/** `depth` arrays inside each other, built without recursion. */
function nested(depth: number, inner: unknown = 0): unknown {
  let value = inner;
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

describe('safeArgs', () => {
  it('keeps ordinary args exactly', () => {
    const args = { id: 'a1', patch: { name: '山田 花子', age: 41, tags: [true, null, 'x'] }, base: {} };
    expect(safeArgs(args)).toEqual(args);
    expect(safeArgs(null)).toBeNull();
    expect(safeArgs('text')).toBe('text');
  });

  it('keeps a "__proto__" key as data, not as a prototype', () => {
    const args = JSON.parse('{"__proto__": {"polluted": 1}, "id": "x"}') as unknown;
    const copy = safeArgs(args) as Record<string, unknown>;
    expect(JSON.stringify(copy)).toBe('{"__proto__":{"polluted":1},"id":"x"}');
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
  });

  it('cuts what is nested deeper than the limit, without overflowing the stack', () => {
    const stored = safeArgs(nested(200_000)) as { truncated: boolean; reason: string; kept: unknown };
    expect(stored).toMatchObject({ truncated: true, reason: 'depth' });
    expect(JSON.stringify(stored.kept)).toBe(JSON.stringify(nested(SAFE_ARGS_LIMITS.maxDepth, CUT)));
  });

  it('stores over-size args as a marker keeping the start of every field', () => {
    const args = { name: '山田 花子', medicalHistory: '既'.repeat(3_000_000), id: 'kept-too' };
    const json = safeArgsJson(args);
    expect(bytes(json)).toBeLessThanOrEqual(SAFE_ARGS_LIMITS.maxBytes);
    expect(JSON.parse(json)).toEqual({
      truncated: true,
      reason: 'size',
      kept: { name: '山田 花子', medicalHistory: '既'.repeat(SAFE_ARGS_LIMITS.previewChars), id: 'kept-too' },
    });
  });

  it('stays under the size limit for many keys, long keys, escapes and lone surrogates', () => {
    const many = Object.fromEntries(Array.from({ length: 50_000 }, (_, i) => [`key${i}`, '\u0001\ud800'.repeat(10)]));
    const longKey = { ['k'.repeat(1_000_000)]: 1 };
    for (const value of [many, longKey, Array(1_000_000).fill('\n'), '"'.repeat(1_000_000)]) {
      const json = safeArgsJson(value);
      expect(bytes(json)).toBeLessThanOrEqual(SAFE_ARGS_LIMITS.maxBytes);
      expect(JSON.parse(json)).toMatchObject({ truncated: true, reason: 'size' });
    }
  });

  it('turns what JSON cannot hold into what JSON would, and never throws', () => {
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    const throwing = Object.defineProperty({ ok: 1 }, 'bad', {
      enumerable: true,
      get() {
        throw new Error('no');
      },
    });
    const revoked = Proxy.revocable({}, {});
    revoked.revoke();
    expect(safeArgs({ n: NaN, i: -Infinity, b: 10n, u: undefined, f: () => 1, s: Symbol('x') })).toEqual({
      n: null,
      i: null,
      b: '10',
    });
    expect(safeArgs([undefined, () => 1])).toEqual([null, null]);
    expect(safeArgs(cyclic)).toEqual({ truncated: true, reason: 'depth', kept: { a: 1, self: CUT } });
    expect(safeArgs({ id: 'x', inner: throwing })).toMatchObject({ truncated: true, kept: { id: 'x' } });
    expect(() => safeArgsJson(revoked.proxy)).not.toThrow();
    expect(safeArgs(Object.create(null))).toEqual({});
  });

  it('gives JSON within the limit for any value', () => {
    fc.assert(
      fc.property(
        fc.anything({
          withBigInt: true,
          withNullPrototype: true,
          withSparseArray: true,
          withTypedArray: true,
          withMap: true,
          withSet: true,
          withDate: true,
        }),
        (value) => {
          const json = safeArgsJson(value, { maxDepth: 4, maxBytes: 2_000, previewChars: 20 });
          expect(bytes(json)).toBeLessThanOrEqual(2_000);
          expect(() => JSON.parse(json) as unknown).not.toThrow();
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('safeText', () => {
  it('caps the length and replaces what a text column cannot store', () => {
    expect(safeText('customer.create', 100)).toBe('customer.create');
    expect(safeText('x'.repeat(500), 100)).toBe('x'.repeat(100));
    expect(safeText('a\u0000b\ud800c\udc00', 100)).toBe('a\ufffdb\ufffdc\ufffd');
    expect(safeText('😀😀', 3)).toBe('😀');
    expect(safeText({ toString: 1 }, 100)).toBeNull();
    expect(safeText(42, 100)).toBeNull();
  });
});
