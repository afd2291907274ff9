import { describe, expect, it } from 'vitest';
import { createToastQueue, toastDuration } from './toast-policy';

describe('toast policy', () => {
  it('hides a success notice after 3 s (spec 9), others after 6 s, errors after 8 s, loading never', () => {
    expect(toastDuration('success')).toBe(3);
    expect(toastDuration('info')).toBe(6);
    expect(toastDuration('warning')).toBe(6);
    expect(toastDuration('error')).toBe(8);
    expect(toastDuration('loading')).toBe(0);
  });

  it('keeps at most 5 and drops the oldest', () => {
    const q = createToastQueue();
    for (const k of ['a', 'b', 'c', 'd', 'e']) expect(q.add(k)).toEqual([]);
    expect(q.add('f')).toEqual(['a']);
    expect(q.add('g')).toEqual(['b']);
    expect(q.keys()).toEqual(['c', 'd', 'e', 'f', 'g']);
  });

  it('frees a slot when a toast closes and does not count an update twice', () => {
    const q = createToastQueue(2);
    q.add('a');
    q.add('b');
    q.remove('a');
    expect(q.add('c')).toEqual([]);
    expect(q.add('c')).toEqual([]);
    expect(q.keys()).toEqual(['b', 'c']);
  });
});
