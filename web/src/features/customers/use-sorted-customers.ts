import { useMemo, useState } from 'react';
import type { CustomerEntry } from '../../data';
import { createKanaRanks, inRankOrder, rankCustomers, type CustomerOrder } from './customer-order';

/**
 * The matching customers in the chosen order. The ranks follow the whole list (a save), the sort of
 * the matches follows each keystroke and compares numbers only.
 */
export function useSortedCustomers(
  all: readonly CustomerEntry[],
  matches: readonly CustomerEntry[],
  order: CustomerOrder,
): readonly CustomerEntry[] {
  const [kanaRanks] = useState(createKanaRanks);
  const ranks = useMemo(() => rankCustomers(all, order, kanaRanks), [all, order, kanaRanks]);
  return useMemo(() => inRankOrder(matches, ranks), [matches, ranks]);
}
