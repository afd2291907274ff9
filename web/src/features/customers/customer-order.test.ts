import { describe, expect, it } from 'vitest';
import type { LocalCustomer } from '../../data/clinic-db';
import type { CustomerEntry } from '../../data';
import { serverCustomer } from '../../test-utils/sync-fixtures';
import { createKanaRanks, inRankOrder, kanaKey, rankCustomers } from './customer-order';

let next = 0;
function entry(fields: Partial<LocalCustomer>): CustomerEntry {
  next += 1;
  const customer: LocalCustomer = {
    ...serverCustomer({ id: `0193a3f0-0000-4000-8000-${String(next).padStart(12, '0')}`, ...fields }),
    pending: 0,
  };
  return { customer, searchKey: customer.name };
}
const names = (entries: readonly CustomerEntry[]) => entries.map((e) => e.customer.name);

describe('customer order', () => {
  const aoki = entry({
    name: '青木 一郎',
    nameKana: 'アオキ イチロウ',
    chartNumber: 4,
    updatedAt: '2026-11-20T09:00:00.000Z',
  });
  const ito = entry({
    name: '伊藤 二郎',
    nameKana: 'いとう じろう',
    chartNumber: 3,
    updatedAt: '2026-11-23T09:00:00.000Z',
  });
  const sato = entry({
    name: '佐藤 三郎',
    nameKana: 'サトウ サブロウ',
    chartNumber: 2,
    updatedAt: '2026-11-21T09:00:00.000Z',
  });
  const noKana = entry({ name: 'わたなべ 四郎', nameKana: '', chartNumber: 1, updatedAt: '2026-11-22T09:00:00.000Z' });
  const all = [aoki, ito, sato, noKana]; // the store's order: カルテ番号 descending

  it('keeps the store order (newest first) for 新着順', () => {
    expect(rankCustomers(all, 'newest', createKanaRanks())).toBeNull();
    expect(inRankOrder(all, null)).toBe(all);
  });

  it('orders カルテ番号順 ascending, 1 first, a customer not yet numbered last', () => {
    const unnumbered = entry({ name: '新人', chartNumber: null });
    const ranks = rankCustomers([unnumbered, ...all], 'chartNumber', createKanaRanks());
    expect(names(inRankOrder([unnumbered, ...all], ranks))).toEqual([
      'わたなべ 四郎',
      '佐藤 三郎',
      '伊藤 二郎',
      '青木 一郎',
      '新人',
    ]);
  });

  it('orders 50音順 by フリガナ whatever the kana kind, falling back to the name', () => {
    expect(kanaKey(noKana)).toBe('わたなべ 四郎');
    const ranks = rankCustomers(all, 'kana', createKanaRanks());
    expect(names(inRankOrder(all, ranks))).toEqual(['青木 一郎', '伊藤 二郎', '佐藤 三郎', 'わたなべ 四郎']);
    // The matches of a search use the same ranks.
    expect(names(inRankOrder([noKana, sato, aoki], ranks))).toEqual(['青木 一郎', '佐藤 三郎', 'わたなべ 四郎']);
  });

  it('orders by last change, newest first', () => {
    const ranks = rankCustomers(all, 'updated', createKanaRanks());
    expect(names(inRankOrder(all, ranks))).toEqual(['伊藤 二郎', 'わたなべ 四郎', '佐藤 三郎', '青木 一郎']);
  });

  it('collates each name once: the same ranks while no name is new, a new one put in its place', () => {
    const ranks = createKanaRanks();
    const first = ranks(['サトウ', 'アオキ', 'ワダ']);
    expect(ranks(['ワダ', 'アオキ'])).toBe(first);
    const second = ranks(['サトウ', 'アオキ', 'ワダ', 'カトウ']);
    const order = ['サトウ', 'アオキ', 'ワダ', 'カトウ'].sort((a, b) => second.get(a)! - second.get(b)!);
    expect(order).toEqual(['アオキ', 'カトウ', 'サトウ', 'ワダ']);
  });
});
