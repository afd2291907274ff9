import { describe, expect, it } from 'vitest';
import { keptRecordsNote } from './kept-records-note';

describe('the delete question’s word on kept records', () => {
  it('names each kind the customer has, and says they stay', () => {
    expect(keptRecordsNote({ visits: 3, surveys: 2, diagnoses: 1 })).toBe(
      'この顧客には来院記録3件・アンケート2件・診断記録1件があります。記録は削除されず、顧客名に「削除済み」と表示されて残ります。',
    );
    expect(keptRecordsNote({ visits: 0, surveys: 1, diagnoses: 0 })).toBe(
      'この顧客にはアンケート1件があります。記録は削除されず、顧客名に「削除済み」と表示されて残ります。',
    );
  });

  it('says nothing when there are no records', () => {
    expect(keptRecordsNote({ visits: 0, surveys: 0, diagnoses: 0 })).toBeNull();
  });
});
