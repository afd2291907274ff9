import { describe, expect, it } from 'vitest';
import { customerSearchKey, filterBySearchKey, normalizeForSearch } from './search-normalize';

const n = normalizeForSearch;
const row = (name: string, nameKana = '', phone = '', email = '') => ({ name, nameKana, phone, email });

describe('normalizeForSearch', () => {
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

describe('customerSearchKey and filterBySearchKey', () => {
  const items = [
    row('山田 花子', 'ヤマダ ハナコ', '090-1234-5678', 'hanako@example.jp'),
    row('佐藤 次郎', 'サトウ ジロウ', '03-9999-0000', 'JIRO@Example.JP'),
    row('鈴木 一郎', '', '０８０１１１１２２２２', ''),
  ].map((c) => ({ ...c, searchKey: customerSearchKey(c) }));
  const names = (q: string) => filterBySearchKey(items, q).map((c) => c.name);

  it('matches name, kana, phone and e-mail in any of the equivalent spellings', () => {
    expect(names('やまだ')).toEqual(['山田 花子']);
    expect(names('ﾔﾏﾀﾞ')).toEqual(['山田 花子']);
    expect(names('ハナコ')).toEqual(['山田 花子']);
    expect(names('山田花子')).toEqual(['山田 花子']);
    expect(names('09012345678')).toEqual(['山田 花子']);
    expect(names('1234-5678')).toEqual(['山田 花子']);
    expect(names('０３９９９９')).toEqual(['佐藤 次郎']);
    expect(names('jiro@example')).toEqual(['佐藤 次郎']);
    expect(names('ＨＡＮＡＫＯ')).toEqual(['山田 花子']);
    expect(names('080-1111')).toEqual(['鈴木 一郎']);
  });

  it('returns everything for an empty or blank query and nothing for a miss', () => {
    expect(names('')).toHaveLength(3);
    expect(names('  ')).toHaveLength(3);
    expect(names('田中')).toEqual([]);
  });

  it('does not match across two fields', () => {
    // "花子" ends the name and "やまだ" starts the kana: joined they must not match.
    expect(names('花子やまだ')).toEqual([]);
  });

  it('filters 10,000 rows well under 30 ms', () => {
    const many = Array.from({ length: 10_000 }, (_, i) => {
      const c = row(`顧客 ${i}`, `コキャク ${i}`, `090-${String(i).padStart(4, '0')}-0000`, `user${i}@example.jp`);
      return { ...c, searchKey: customerSearchKey(c) };
    });
    filterBySearchKey(many, 'こきゃく'); // warm-up
    const started = performance.now();
    for (const q of ['こ', 'こきゃく 99', '090-12', 'user9999', 'zzz']) filterBySearchKey(many, q);
    const perQuery = (performance.now() - started) / 5;
    expect(perQuery).toBeLessThan(30);
    expect(filterBySearchKey(many, 'ｺｷｬｸ9999')).toHaveLength(1);
  });
});
