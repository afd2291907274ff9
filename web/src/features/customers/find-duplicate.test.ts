import { describe, expect, it } from 'vitest';
import type { LocalCustomer } from '../../data/clinic-db';
import { serverCustomer } from '../../test-utils/sync-fixtures';
import { duplicateIndex, duplicateKey, findDuplicate } from './find-duplicate';

const ID1 = '0193a3f0-0000-4000-8000-000000000001';
const ID2 = '0193a3f0-0000-4000-8000-000000000002';

const local = (fields: Parameters<typeof serverCustomer>[0]): LocalCustomer => ({
  ...serverCustomer({ birthDate: null, ...fields }),
  pending: 0,
});
const entriesOf = (...customers: LocalCustomer[]) => customers.map((customer) => ({ customer }));

describe('duplicate customers', () => {
  const hanako = local({ id: ID1, name: '山田 花子', phone: '090-1234-5678' });
  const entries = entriesOf(hanako, local({ id: ID2, name: '佐藤 次郎', phone: '03-1111-2222' }));

  it('matches the same name and phone however they are typed: width, spaces, hyphens', () => {
    for (const typed of [
      { name: '山田花子', phone: '09012345678' },
      { name: '  山田　花子 ', phone: '０９０ー１２３４ー５６７８' },
      { name: '山田 花子', phone: '090 1234 5678' },
      { name: '山田 花子', phone: '(090)1234-5678' },
    ]) {
      expect(findDuplicate(entries, typed, null)).toBe(hanako);
    }
    expect(
      findDuplicate(
        entriesOf(local({ id: ID1, name: 'ﾔﾏﾀﾞ ﾊﾅｺ', phone: '1' })),
        { name: 'ヤマダハナコ', phone: '１' },
        null,
      )?.id,
    ).toBe(ID1);
  });

  it('does not match a different phone or a different name', () => {
    expect(findDuplicate(entries, { name: '山田 花子', phone: '090-1234-5679' }, null)).toBeNull();
    expect(findDuplicate(entries, { name: '山田 花', phone: '090-1234-5678' }, null)).toBeNull();
    expect(findDuplicate(entries, { name: '佐藤 次郎', phone: '090-1234-5678' }, null)).toBeNull();
  });

  it('checks an edit only when it changes name or phone, and never matches the customer itself', () => {
    expect(findDuplicate(entries, { name: '山田花子', phone: '09012345678' }, hanako)).toBeNull();
    const jiro = entries[1]!.customer;
    expect(findDuplicate(entries, { name: '山田 花子', phone: '090-1234-5678' }, jiro)).toBe(hanako);
    expect(findDuplicate(entries, { name: '佐藤 次郎', phone: '03-1111-2223' }, jiro)).toBeNull();
  });

  it('has no key for a blank name or a phone without digits', () => {
    expect(duplicateKey({ name: '　', phone: '090' })).toBeNull();
    expect(duplicateKey({ name: '山田', phone: '--' })).toBeNull();
  });

  it('builds the index once per list and answers every lookup among 10,000 customers from it', () => {
    const many = entriesOf(
      ...Array.from({ length: 10_000 }, (_, i) =>
        local({
          id: `0193a3f0-0000-4000-8000-${String(i + 100).padStart(12, '0')}`,
          name: `顧客 ${i}`,
          phone: `090-${String(i).padStart(4, '0')}-0000`,
        }),
      ),
    );
    expect(duplicateIndex(many)).toBe(duplicateIndex(many)); // built (while the person types), then reused
    // Timings belong in `npm run bench`; here: every lookup answers from the one index.
    for (let i = 0; i < 100; i += 1)
      expect(
        findDuplicate(many, { name: `顧客${i * 99}`, phone: `090${String(i * 99).padStart(4, '0')}0000` }, null),
      ).not.toBeNull();
    expect(duplicateIndex(many).size).toBe(10_000);
  });
});
