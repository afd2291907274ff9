import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { fieldLabel, formatSyncedAt, formatValue, mutationLabel, unknownRecord } from './problem-labels';

describe('problem labels', () => {
  it('names mutations and fields in Japanese', () => {
    expect(mutationLabel('customer.create')).toBe('顧客の登録');
    expect(mutationLabel('customer.update')).toBe('顧客の更新');
    expect(mutationLabel('customer.delete')).toBe('顧客の削除');
    expect(mutationLabel('prescription.create')).toBe('変更');
    expect(['name', 'nameKana', 'age', 'gender', 'phone', 'email', 'address', 'medicalHistory'].map((f) => fieldLabel('customers', f))).toEqual([
      '氏名', 'フリガナ', '年齢', '性別', '電話番号', 'メールアドレス', '住所', '既往歴',
    ]);
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

  it('shows the time of a sync today and the date for older ones', () => {
    const now = dayjs('2026-11-22T15:00:00');
    expect(formatSyncedAt(dayjs('2026-11-22T09:05:00').toISOString(), now)).toBe('09:05');
    expect(formatSyncedAt(dayjs('2026-11-20T09:05:00').toISOString(), now)).toBe('11/20 09:05');
  });
});
