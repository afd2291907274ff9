import { CUSTOMER_FIELDS, diffFields } from '@clinic/sync-protocol';
import { describe, expect, it } from 'vitest';
import { serverCustomer } from '../../sync/test-support';
import { fieldError, formErrors, formValuesOf, toCustomerFields } from './customer-form-values';

describe('customer form values', () => {
  it('gives the spec messages for missing name and phone, whether empty, blank or untouched', () => {
    for (const v of [undefined, '', '   ']) {
      expect(fieldError('name', v)).toBe('顧客名を入力してください');
      expect(fieldError('phone', v)).toBe('電話番号を入力してください');
    }
    expect(fieldError('name', '山田')).toBeNull();
    expect(fieldError('phone', '090-1234-5678')).toBeNull();
  });

  it('lists every field with a problem in one pass, and nothing for a valid form', () => {
    expect(formErrors({ email: 'x', age: 200 })).toEqual([
      { name: 'name', errors: ['顧客名を入力してください'] },
      { name: 'age', errors: ['年齢は0から150までの整数で入力してください'] },
      { name: 'phone', errors: ['電話番号を入力してください'] },
      { name: 'email', errors: ['有効なメールアドレスを入力してください'] },
    ]);
    expect(formErrors({ name: '山田', phone: '090-1234-5678', gender: 'unset', age: null })).toEqual([]);
  });

  it('uses the schema messages for the other fields', () => {
    expect(fieldError('email', 'not-an-address')).toBe('有効なメールアドレスを入力してください');
    expect(fieldError('email', undefined)).toBeNull();
    expect(fieldError('phone', 'abc')).toBe('電話番号は数字とハイフンで入力してください（20文字以内）');
    expect(fieldError('age', 151)).toBe('年齢は0から150までの整数で入力してください');
    expect(fieldError('age', undefined)).toBeNull();
    expect(fieldError('name', 'あ'.repeat(101))).toBe('顧客名は100文字以内で入力してください');
  });

  it('turns form values into clean fields: trimmed, age number or null, gender unset by default', () => {
    expect(toCustomerFields({ name: ' 山田 花子 ', phone: '090-1 ', age: 34 })).toEqual({
      name: '山田 花子',
      nameKana: '',
      age: 34,
      gender: 'unset',
      phone: '090-1',
      email: '',
      address: '',
      medicalHistory: '',
    });
    expect(toCustomerFields({ name: 'a', phone: '1', age: null, gender: 'male' })).toMatchObject({ age: null, gender: 'male' });
  });

  it('diffs only the changed fields, with their original values as base', () => {
    const original = toCustomerFields(formValuesOf(serverCustomer({ id: 'x' })));
    const next = { ...original, phone: '03-0000-0000', age: null };
    expect(diffFields(CUSTOMER_FIELDS, original, next)).toEqual({
      patch: { phone: '03-0000-0000', age: null },
      base: { phone: '090-1234-5678', age: 34 },
      changed: true,
    });
    expect(diffFields(CUSTOMER_FIELDS, original, original).changed).toBe(false);
  });
});
