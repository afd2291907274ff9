/**
 * Where `item` goes in `sorted` (ordered by `compare`) to keep it ordered: after every equal entry. A
 * binary search, for lists that take one or a few new entries at a time instead of being sorted again.
 */
export function insertionPoint<T>(sorted: readonly T[], item: T, compare: (a: T, b: T) => number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compare(sorted[middle]!, item) <= 0) low = middle + 1;
    else high = middle;
  }
  return low;
}
