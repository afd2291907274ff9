import { describe, expect, it } from 'vitest';
import { INVALID_AGE, normalizeEmail, normalizeHyphens, normalizePhone, parseAgeInput, toHalfWidth } from './normalize';

describe('toHalfWidth', () => {
  it('makes full-width digits, letters, symbols and spaces half-width', () => {
    expect(toHalfWidth('０１２３４５６７８９')).toBe('0123456789');
    expect(toHalfWidth('ＡＢＣｘｙｚ＠．＿－＋（）／！～')).toBe('ABCxyz@._-+()/!~');
    expect(toHalfWidth('山田\u3000花子')).toBe('山田 花子');
  });

  it('keeps everything else as typed: kana (half-width too), kanji, the long-vowel mark, emoji', () => {
    for (const text of ['ヤマダ ハナコ', 'ﾔﾏﾀﾞ ﾊﾅｺ', '東京都港区1-2-3', 'ハナコー', '😀', 'abc 123', '']) {
      expect(toHalfWidth(text), text).toBe(text);
    }
  });
});

describe('normalizeHyphens', () => {
  it('makes every dash look-alike and the long-vowel mark "-"', () => {
    expect(normalizeHyphens('1ー2－3‐4‑5‒6–7—8―9−0﹣1ｰ2')).toBe('1-2-3-4-5-6-7-8-9-0-1-2');
  });
});

describe('normalizePhone', () => {
  it('turns what a Japanese keyboard types into digits and hyphens', () => {
    expect(normalizePhone('０９０ー１２３４ー５６７８')).toBe('090-1234-5678');
    expect(normalizePhone('０９０－１２３４－５６７８')).toBe('090-1234-5678');
    expect(normalizePhone('（０３）１２３４ー５６７８')).toBe('(03)1234-5678');
    expect(normalizePhone('＋８１\u3000９０−１２３４−５６７８')).toBe('+81 90-1234-5678');
    expect(normalizePhone('  090-1234-5678 ')).toBe('090-1234-5678');
  });

  it('leaves what is not a phone character for the rule to refuse', () => {
    expect(normalizePhone('０９０ー１２３４ー５６７８（自宅）')).toBe('090-1234-5678(自宅)');
    expect(normalizePhone('abc')).toBe('abc');
  });
});

describe('normalizeEmail', () => {
  it('makes a full-width address half-width and trims it, keeping its case', () => {
    expect(normalizeEmail('ｈａｎａｋｏ＠ｅｘａｍｐｌｅ．ｊｐ')).toBe('hanako@example.jp');
    expect(normalizeEmail('\u3000Ｈａｎａｋｏ＠Example.JP ')).toBe('Hanako@Example.JP');
    expect(normalizeEmail('')).toBe('');
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
    const refused = [151, 200, '２００', '151', -1, '-1', 3.5, '3.5', '３．５', '35歳', '35才', 'abc', '3 5', '+35', '1e2', '0x10', NaN, Infinity, true, {}, [35]];
    for (const value of refused) expect(parseAgeInput(value), JSON.stringify(value) ?? String(value)).toBe(INVALID_AGE);
  });
});
