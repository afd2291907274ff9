import { describe, expect, it } from 'vitest';
import { INVALID_AGE, ageOn, customerAge, parseAgeInput } from './age';

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

describe('parseAgeInput', () => {
  it('takes a whole number 0-150, or digits half- or full-width', () => {
    expect(parseAgeInput(35)).toBe(35);
    expect(parseAgeInput(0)).toBe(0);
    expect(parseAgeInput(150)).toBe(150);
    expect(parseAgeInput('35')).toBe(35);
    expect(parseAgeInput('３５')).toBe(35);
    expect(parseAgeInput(' ３５\u3000')).toBe(35);
    expect(parseAgeInput('０')).toBe(0);
    expect(parseAgeInput('150')).toBe(150);
  });

  it('reads blank, null and undefined as "not given"', () => {
    for (const value of ['', '  ', '\u3000', null, undefined]) expect(parseAgeInput(value), String(value)).toBeNull();
  });

  it('refuses anything else instead of cleaning it into another number', () => {
    const refused = [
      151,
      200,
      '２００',
      '151',
      -1,
      '-1',
      3.5,
      '3.5',
      '３．５',
      '35歳',
      '35才',
      'abc',
      '3 5',
      '+35',
      '1e2',
      '0x10',
      NaN,
      Infinity,
      true,
      {},
      [35],
    ];
    for (const value of refused) {
      const label = typeof value === 'number' ? String(value) : JSON.stringify(value);
      expect(parseAgeInput(value), label).toBe(INVALID_AGE);
    }
  });
});
