import { describe, expect, it } from 'vitest';
import { createNarrowingFilter, customerSearchKey } from './search-normalize';

const row = (name: string, nameKana = '', phone = '', email = '') => ({ name, nameKana, phone, email });

describe('customerSearchKey and the search filter', () => {
  const items = [
    row('山田 花子', 'ヤマダ ハナコ', '090-1234-5678', 'hanako@example.jp'),
    row('佐藤 次郎', 'サトウ ジロウ', '03-9999-0000', 'JIRO@Example.JP'),
    row('鈴木 一郎', '', '０８０１１１１２２２２', ''),
  ].map((c) => ({ ...c, searchKey: customerSearchKey(c) }));
  // A fresh filter each time: the answer from all rows, with nothing remembered.
  const names = (q: string) => createNarrowingFilter<(typeof items)[number]>()(items, q).map((c) => c.name);

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

  it('narrows from the last answer while the query grows, and starts over when rows or query change otherwise', () => {
    const items = [
      row('山田 花子', 'ヤマダ ハナコ', '090-1234-5678', ''),
      row('山田 太郎', 'ヤマダ タロウ', '03-1111-2222', ''),
    ].map((c) => ({
      ...c,
      searchKey: customerSearchKey(c),
    }));
    const filter = createNarrowingFilter<(typeof items)[number]>();
    const seen: string[] = [];
    const spied = items.map((item) => ({
      ...item,
      get searchKey() {
        seen.push(item.name);
        return item.searchKey;
      },
    }));
    expect(filter(spied, '花').map((c) => c.name)).toEqual(['山田 花子']);
    seen.length = 0;
    expect(filter(spied, '花子').map((c) => c.name)).toEqual(['山田 花子']);
    expect(seen).toEqual(['山田 花子']); // only the previous match was looked at
    seen.length = 0;
    expect(filter(spied, '山田').map((c) => c.name)).toEqual(['山田 花子', '山田 太郎']); // not a longer query: everything again
    expect(seen).toHaveLength(2);
    const fewer = spied.slice(1);
    expect(filter(fewer, '山田 太').map((c) => c.name)).toEqual(['山田 太郎']); // new rows: everything again
    expect(filter(spied, '').map((c) => c.name)).toEqual(['山田 花子', '山田 太郎']);
  });
});
