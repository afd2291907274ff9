import { describe, expect, it } from 'vitest';
import { visitLabels, type VisitChoice } from './visit-label';

const visit = (id: string, fields: Partial<VisitChoice>): VisitChoice => ({
  id,
  date: '2026-11-20',
  serviceMenu: '鍼灸',
  price: null,
  createdAt: '2026-11-20T01:30:00.000Z', // 10:30 in Japan
  ...fields,
});

describe('visitLabels', () => {
  it('tells two visits of one day apart by the time they were recorded and the price', () => {
    const labels = visitLabels([
      visit('pm', { createdAt: '2026-11-20T06:05:00.000Z', price: 6000 }),
      visit('am', { price: 4500 }),
    ]);
    expect([...labels.values()]).toEqual(['2026-11-20 15:05　鍼灸　¥6,000', '2026-11-20 10:30　鍼灸　¥4,500']);
  });

  it('gives no time for a visit recorded on another day (a visit has a date only), and leaves out what is empty', () => {
    const labels = visitLabels([
      visit('late', { date: '2026-11-18', serviceMenu: '', createdAt: '2026-11-20T01:30:00.000Z' }),
    ]);
    expect(labels.get('late')).toBe('2026-11-18');
  });

  it('says when each was recorded where two lines would still read the same', () => {
    const labels = visitLabels([
      visit('a', { date: '2026-11-18', createdAt: '2026-11-20T01:30:00.000Z' }),
      visit('b', { date: '2026-11-18', createdAt: '2026-11-20T02:00:00.000Z' }),
    ]);
    expect([...labels.values()]).toEqual([
      '2026-11-18　鍼灸　（2026-11-20 10:30 登録）',
      '2026-11-18　鍼灸　（2026-11-20 11:00 登録）',
    ]);
  });
});
