import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { fieldLabel, formatSyncedAt, formatValue, mutationLabel } from './problem-labels';

describe('problem labels', () => {
  it('names mutations and fields in Japanese', () => {
    expect(mutationLabel('customer.create')).toBe('顧客の登録');
    expect(mutationLabel('customer.update')).toBe('顧客の更新');
    expect(mutationLabel('customer.delete')).toBe('顧客の削除');
    expect(mutationLabel('visit.create')).toBe('変更');
    expect(['name', 'nameKana', 'age', 'gender', 'phone', 'email', 'address', 'medicalHistory'].map(fieldLabel)).toEqual([
      '氏名', 'フリガナ', '年齢', '性別', '電話番号', 'メールアドレス', '住所', '既往歴',
    ]);
  });

  it('formats values: empty, gender, numbers', () => {
    expect(formatValue('email', '')).toBe('（空欄）');
    expect(formatValue('age', null)).toBe('（空欄）');
    expect(formatValue('age', 34)).toBe('34');
    expect(formatValue('gender', 'female')).toBe('女性');
    expect(formatValue('gender', 'unset')).toBe('未設定');
    expect(formatValue('phone', '03-1234')).toBe('03-1234');
  });

  it('shows the time of a sync today and the date for older ones', () => {
    const now = dayjs('2026-11-22T15:00:00');
    expect(formatSyncedAt(dayjs('2026-11-22T09:05:00').toISOString(), now)).toBe('09:05');
    expect(formatSyncedAt(dayjs('2026-11-20T09:05:00').toISOString(), now)).toBe('11/20 09:05');
  });
});
