import { describe, expect, it } from 'vitest';
import { ageOn, customerAge, todayInJapan } from './age';

describe('ageOn', () => {
  it('adds a year on the birthday itself: the day before, one is still younger', () => {
    expect(ageOn('1985-04-01', '2026-03-31')).toBe(40);
    expect(ageOn('1985-04-01', '2026-04-01')).toBe(41);
    expect(ageOn('1985-04-01', '2026-04-02')).toBe(41);
    expect(ageOn('1985-12-31', '2026-12-30')).toBe(40);
    expect(ageOn('1985-12-31', '2026-12-31')).toBe(41);
    expect(ageOn('1985-01-01', '2025-12-31')).toBe(40);
  });

  it('stays right over the years', () => {
    const ages = ['2026-06-01', '2027-06-01', '2030-06-01', '2085-06-01'].map((today) => ageOn('1985-06-01', today));
    expect(ages).toEqual([41, 42, 45, 100]);
  });

  it('counts a 2月29日 birthday from 3月1日 in a common year, and on 2月29日 in a leap year', () => {
    expect(ageOn('2000-02-29', '2001-02-28')).toBe(0);
    expect(ageOn('2000-02-29', '2001-03-01')).toBe(1);
    expect(ageOn('2000-02-29', '2003-02-28')).toBe(2);
    expect(ageOn('2000-02-29', '2003-03-01')).toBe(3);
    expect(ageOn('2000-02-29', '2004-02-28')).toBe(3);
    expect(ageOn('2000-02-29', '2004-02-29')).toBe(4);
  });

  it('is 0 from the day of birth, and null before it or for dates that are not YYYY-MM-DD', () => {
    expect(ageOn('2026-11-22', '2026-11-22')).toBe(0);
    expect(ageOn('2025-11-23', '2026-11-22')).toBe(0);
    expect(ageOn('2026-11-23', '2026-11-22')).toBeNull();
    expect(ageOn('昭和60年4月1日', '2026-11-22')).toBeNull();
    expect(ageOn('1985-04-01', '')).toBeNull();
  });
});

describe('customerAge', () => {
  it('computes the age from the birth date when there is one', () => {
    expect(customerAge({ age: 30, birthDate: '1985-04-01' }, '2026-11-22')).toBe(41);
    expect(customerAge({ age: null, birthDate: '1985-04-01' }, '2026-03-31')).toBe(40);
  });

  it('gives the age as typed without a birth date (none, or a row from before birth dates)', () => {
    expect(customerAge({ age: 35, birthDate: null }, '2026-11-22')).toBe(35);
    expect(customerAge({ age: null, birthDate: null }, '2026-11-22')).toBeNull();
    expect(customerAge({ age: 35 }, '2026-11-22')).toBe(35);
  });

  it('falls back to the typed age when today comes before the birth date (a clock set wrong)', () => {
    expect(customerAge({ age: 0, birthDate: '2026-11-23' }, '2026-11-22')).toBe(0);
  });
});

describe('todayInJapan', () => {
  it('is the date in Japan, which starts at 15:00 UTC', () => {
    expect(todayInJapan(new Date('2026-11-22T14:59:59.999Z'))).toBe('2026-11-22');
    expect(todayInJapan(new Date('2026-11-22T15:00:00.000Z'))).toBe('2026-11-23');
    expect(todayInJapan(new Date('2026-12-31T15:00:00.000Z'))).toBe('2027-01-01');
  });
});
