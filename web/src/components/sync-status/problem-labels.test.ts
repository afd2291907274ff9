import { describe, expect, it } from 'vitest';
import { ja } from '../../i18n/ja';
import {
  changedFieldLabels,
  conflictRecord,
  conflictSentence,
  fieldLabel,
  formatSyncedAt,
  formatValue,
  mutationLabel,
  unknownRecord,
} from './problem-labels';

describe('problem labels', () => {
  it('names mutations and fields in Japanese', () => {
    expect(mutationLabel('customer.create')).toBe('顧客の登録');
    expect(mutationLabel('customer.update')).toBe('顧客の更新');
    expect(mutationLabel('customer.delete')).toBe('顧客の削除');
    expect(mutationLabel('prescription.create')).toBe('変更');
    // The customer form's own labels, whatever they are today.
    for (const [field, label] of Object.entries(ja.customers.form.labels))
      expect(fieldLabel('customers', field)).toBe(label);
    expect(fieldLabel('customers', 'phone')).toBe('電話番号');
  });

  it('names the fields a refused update changed, and nothing for other changes', () => {
    const patch = { phone: '03', email: 'a@b.jp', shoeSize: 24 };
    expect(changedFieldLabels('customer.update', { id: 'x', patch, base: {} })).toEqual([
      '電話番号',
      'メールアドレス',
      'shoeSize',
    ]);
    expect(changedFieldLabels('customer.create', { id: 'x', name: '山田' })).toEqual([]);
    expect(changedFieldLabels('customer.update', { truncated: true })).toEqual([]);
    expect(changedFieldLabels('prescription.update', { patch })).toEqual([]);
  });

  it('says in one sentence what was replaced by whom', () => {
    const c = {
      id: 1,
      table: 'customers',
      recordId: 'r',
      field: 'phone',
      overwritten: '03-1111-1111',
      value: '03-2222-2222',
      by: 'admin',
      overwrittenBy: 'staff1',
      at: '2026-11-22T10:00:00.000Z',
      recordName: '「山田 花子」',
    };
    expect(conflictRecord(c)).toBe('「山田 花子」の電話番号');
    expect(conflictSentence(c)).toBe(
      '「山田 花子」の電話番号：staff1さんが入力した「03-1111-1111」が、adminさんの変更で「03-2222-2222」に置き換わりました',
    );
    expect(conflictSentence({ ...c, overwrittenBy: null, by: null, value: '', recordName: null })).toBe(
      '（不明な顧客）の電話番号：「03-1111-1111」が、別の変更で空欄に置き換わりました',
    );
    expect(conflictSentence({ ...c, field: 'gender', overwritten: 'female', value: 'unset' })).toBe(
      '「山田 花子」の性別：staff1さんが入力した「女性」が、adminさんの変更で「未設定」に置き換わりました',
    );
  });

  it('names what this version does not know plainly, never as a customer', () => {
    expect(fieldLabel('customers', 'shoeSize')).toBe('shoeSize');
    expect(fieldLabel('prescriptions', 'dose')).toBe('dose');
    expect(unknownRecord('customers')).toBe('（不明な顧客）');
    expect(unknownRecord('prescriptions')).toBe('（不明な記録）');
    expect(formatValue('prescriptions', 'gender', 'female')).toBe('female');
  });

  it('formats values: empty, gender, numbers', () => {
    expect(formatValue('customers', 'email', '')).toBe('（空欄）');
    expect(formatValue('customers', 'age', null)).toBe('（空欄）');
    expect(formatValue('customers', 'age', 34)).toBe('34');
    expect(formatValue('customers', 'gender', 'female')).toBe('女性');
    expect(formatValue('customers', 'gender', 'unset')).toBe('未設定');
    expect(formatValue('customers', 'phone', '03-1234')).toBe('03-1234');
  });

  it('shows the time of a sync today and the date for older ones, in Japan time', () => {
    const now = new Date('2026-11-22T15:00:00+09:00');
    expect(formatSyncedAt('2026-11-22T09:05:00+09:00', now)).toBe('09:05');
    expect(formatSyncedAt('2026-11-20T09:05:00+09:00', now)).toBe('11/20 09:05');
    // 15:30 UTC on the 21st is already the 22nd in Japan, whatever the device's own zone.
    expect(formatSyncedAt('2026-11-21T15:30:00.000Z', now)).toBe('00:30');
  });
});
