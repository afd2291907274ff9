import { describe, expect, it } from 'vitest';
import {
  compactText,
  normalizeEmail,
  normalizeForSearch,
  normalizeHyphens,
  normalizeLoginId,
  normalizePhone,
  phoneDigits,
  toFullWidthKatakana,
  toHalfWidth,
} from './normalize';

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

describe('normalizeForSearch', () => {
  const n = normalizeForSearch;
  it('makes hiragana, katakana and half-width katakana equal', () => {
    expect(n('ヤマダ')).toBe('やまだ');
    expect(n('ﾔﾏﾀﾞ')).toBe('やまだ');
    expect(n('やまだ')).toBe('やまだ');
    expect(n('ｶﾞｷﾞｸﾞ')).toBe(n('ガギグ'));
    expect(n('ﾊﾟﾋﾟ')).toBe('ぱぴ');
    expect(n('ヴァ')).toBe('ゔぁ');
  });

  it('folds full-width letters and digits and ignores case', () => {
    expect(n('ＡＢＣ')).toBe('abc');
    expect(n('Yamada@Example.JP')).toBe('yamada@example.jp');
    expect(n('０９０１２３４')).toBe('0901234');
  });

  it('drops spaces (half and full width) and every kind of hyphen', () => {
    expect(n('山田 花子')).toBe('山田花子');
    expect(n('山田　花子')).toBe('山田花子');
    expect(n('090-1234-5678')).toBe('09012345678');
    expect(n('090－1234－5678')).toBe('09012345678');
    expect(n('090ー1234ｰ5678')).toBe('09012345678');
    expect(n('090‐1234−5678')).toBe('09012345678');
    expect(n(' 03 1234 5678 ')).toBe('0312345678');
  });

  it('leaves kanji alone', () => {
    expect(n('髙橋')).toBe('髙橋');
    expect(n('佐藤')).not.toBe(n('佐籐'));
  });
});

describe('normalizeLoginId', () => {
  it('trims and lower-cases a user name or an address', () => {
    expect(normalizeLoginId('  Admin ')).toBe('admin');
    expect(normalizeLoginId('Hanako@Example.JP')).toBe('hanako@example.jp');
  });
});

describe('compactText and phoneDigits', () => {
  it('fold widths and drop spaces, or keep a phone number’s digits only', () => {
    expect(compactText('山田\u3000花子')).toBe('山田花子');
    expect(compactText(' ﾔﾏﾀﾞ Ｈａｎａｋｏ（右） ')).toBe('ヤマダHanako(右)');
    expect(phoneDigits('０９０ー１２３４ー５６７８')).toBe('09012345678');
    expect(phoneDigits('+81 (90) 1234-5678')).toBe('819012345678');
  });
});

describe('toFullWidthKatakana', () => {
  it('makes a フリガナ typed in half-width katakana or in hiragana full-width katakana', () => {
    expect(toFullWidthKatakana('ｽｽﾞｷ ﾀﾛｳ')).toBe('スズキ タロウ');
    expect(toFullWidthKatakana('ﾊﾟｰｸ')).toBe('パーク');
    expect(toFullWidthKatakana('すずき　はなこ')).toBe('スズキ　ハナコ');
    expect(toFullWidthKatakana('ゔぁいおりん・ゝゞ')).toBe('ヴァイオリン・ヽヾ');
    expect(toFullWidthKatakana('やまだ ﾊﾅｺ')).toBe('ヤマダ ハナコ');
  });

  it('changes nothing else a person typed: katakana, spaces, letters, digits, kanji, the long-vowel mark', () => {
    for (const text of ['ヤマダ ハナコ', 'スーパー', 'ＡＢＣ abc 123', '山田', 'Mary アン', '']) {
      expect(toFullWidthKatakana(text), text).toBe(text);
    }
  });
});
