import { type CustomerEntry, insertionPoint } from '../../data';

/**
 * The orders the list offers: newest customer first (the store's own order: not yet numbered, then
 * カルテ番号 descending), カルテ番号 ascending (as the name says: 1 first), 50音, last change.
 */
export const CUSTOMER_ORDERS = ['newest', 'chartNumber', 'kana', 'updated'] as const;
export type CustomerOrder = (typeof CUSTOMER_ORDERS)[number];

/** What 50音順 sorts by: the フリガナ, or the name when there is none. */
export const kanaKey = (entry: CustomerEntry): string => entry.customer.nameKana || entry.customer.name;

const collator = new Intl.Collator('ja');
// More new keys than this at once (the first sort) are sorted together rather than inserted one by one.
const BULK = 64;

export type KanaRanks = (keys: readonly string[]) => ReadonlyMap<string, number>;

/**
 * The 50音 place of each key, as a number. Collating (localeCompare with 'ja') is the slow part of a
 * sort, ~17 ms for 10,000 names on a desktop; here each key is collated once, and a save adds its one
 * new key by binary search, so later sorts compare numbers. The same map comes back while no key is new.
 */
export function createKanaRanks(): KanaRanks {
  let sorted: string[] = [];
  let rankOf = new Map<string, number>();
  return (keys) => {
    const fresh = new Set(keys.filter((key) => !rankOf.has(key)));
    if (fresh.size === 0) return rankOf;
    // Keys of customers long gone are dropped when they would make up half the work.
    if (sorted.length > 2 * keys.length) sorted = [];
    if (fresh.size > BULK || sorted.length === 0) sorted = [...new Set([...sorted, ...keys])].sort(collator.compare);
    else for (const key of fresh) sorted.splice(insertionPoint(sorted, key, collator.compare), 0, key);
    rankOf = new Map(sorted.map((key, index) => [key, index]));
    return rankOf;
  };
}

const newestFirst = (a: CustomerEntry, b: CustomerEntry) => {
  const x = a.customer.updatedAt;
  const y = b.customer.updatedAt;
  return x === y ? 0 : x < y ? 1 : -1; // ISO timestamps order as text
};

/** カルテ番号 ascending; a customer not yet numbered (未同期) last, as they get the next numbers. */
const byChartNumber = (a: CustomerEntry, b: CustomerEntry) =>
  (a.customer.chartNumber ?? Number.MAX_SAFE_INTEGER) - (b.customer.chartNumber ?? Number.MAX_SAFE_INTEGER);

/**
 * Each customer's place in `order`, worked out once per change of the customers (not per keystroke);
 * null for 新着順, the order the store already keeps.
 */
export function rankCustomers(
  all: readonly CustomerEntry[],
  order: CustomerOrder,
  kanaRanks: KanaRanks,
): ReadonlyMap<CustomerEntry, number> | null {
  switch (order) {
    case 'newest':
      return null;
    case 'chartNumber':
      return new Map([...all].sort(byChartNumber).map((entry, index) => [entry, index]));
    case 'kana': {
      const ranks = kanaRanks(all.map(kanaKey));
      return new Map(all.map((entry) => [entry, ranks.get(kanaKey(entry)) ?? 0]));
    }
    case 'updated':
      return new Map([...all].sort(newestFirst).map((entry, index) => [entry, index]));
  }
}

/** The matching customers in ranked order (ties keep カルテ番号 order): a sort of numbers, per keystroke. */
export function inRankOrder(
  entries: readonly CustomerEntry[],
  ranks: ReadonlyMap<CustomerEntry, number> | null,
): readonly CustomerEntry[] {
  if (!ranks) return entries;
  return entries
    .map((entry) => ({ entry, rank: ranks.get(entry) ?? Number.MAX_SAFE_INTEGER }))
    .sort((a, b) => a.rank - b.rank)
    .map(({ entry }) => entry);
}
