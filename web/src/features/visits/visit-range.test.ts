import { describe, expect, it, vi } from 'vitest';
import { monthOf, oneDay, rangeParts, thisMonth, totalsLabel, withFrom, withTo } from './visit-range';

describe('visit date range', () => {
  it('takes a month from its first to its last day, leap years included', () => {
    expect(monthOf('2026-11-20')).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(monthOf('2026-12-31')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(monthOf('2028-02-10')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(monthOf('2026-02-10')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
  });

  it('starts on this month in Japan: 23:30 UTC on 31 October is already November there', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date('2026-10-31T23:30:00Z'));
      expect(thisMonth()).toEqual({ from: '2026-11-01', to: '2026-11-30' });
      expect(oneDay()).toEqual({ from: '2026-11-01', to: '2026-11-01' });
      vi.setSystemTime(new Date('2026-10-31T14:59:00Z'));
      expect(thisMonth()).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('moves the other end along rather than leaving an empty range, and opens a side that is cleared', () => {
    const november = { from: '2026-11-01', to: '2026-11-30' };
    expect(withFrom(november, '2026-11-10')).toEqual({ from: '2026-11-10', to: '2026-11-30' });
    expect(withFrom(november, '2026-12-05')).toEqual({ from: '2026-12-05', to: '2026-12-05' });
    expect(withTo(november, '2026-10-20')).toEqual({ from: '2026-10-20', to: '2026-10-20' });
    expect(withTo(november, '2026-11-15')).toEqual({ from: '2026-11-01', to: '2026-11-15' });
    expect(withFrom(november, '')).toEqual({ from: null, to: '2026-11-30' });
    expect(withTo({ from: null, to: '2026-11-30' }, '')).toEqual({ from: null, to: null });
    expect(withFrom({ from: null, to: null }, '2026-11-03')).toEqual({ from: '2026-11-03', to: null });
  });

  it('calls the totals 日計 for one day and 期間合計 for anything else', () => {
    expect(totalsLabel({ from: '2026-11-20', to: '2026-11-20' })).toBe('日計');
    expect(totalsLabel({ from: '2026-11-01', to: '2026-11-30' })).toBe('期間合計');
    expect(totalsLabel({ from: null, to: null })).toBe('期間合計');
    expect(totalsLabel({ from: '2026-11-20', to: null })).toBe('期間合計');
  });

  it('names a range for a file', () => {
    expect(rangeParts({ from: '2026-11-01', to: '2026-11-30' })).toEqual(['2026-11-01', '2026-11-30']);
    expect(rangeParts({ from: '2026-11-20', to: '2026-11-20' })).toEqual(['2026-11-20']);
    expect(rangeParts({ from: null, to: null })).toEqual(['全期間']);
    expect(rangeParts({ from: '2026-11-01', to: null })).toEqual(['2026-11-01以降']);
    expect(rangeParts({ from: null, to: '2026-11-30' })).toEqual(['2026-11-30まで']);
  });
});
