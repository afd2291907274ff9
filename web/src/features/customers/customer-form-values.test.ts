import { CUSTOMER_FIELDS, diffFields } from '@clinic/sync-protocol';
import { describe, expect, it } from 'vitest';
import { serverCustomer } from '../../test-utils/sync-fixtures';
import {
  birthDateSummary,
  fieldError,
  formErrors,
  formValuesOf,
  originalFields,
  storedText,
  toCustomerFields,
} from './customer-form-values';

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
    expect(formErrors({ email: 'x', age: '200', birthDate: '昭和65年1月1日' })).toEqual([
      { name: 'name', errors: ['顧客名を入力してください'] },
      { name: 'age', errors: ['年齢は0から150までの整数で入力してください'] },
      {
        name: 'birthDate',
        errors: ['生年月日の元号と日付が合っていません（昭和は64年1月7日まで、平成は元年1月8日からです）'],
      },
      { name: 'phone', errors: ['電話番号を入力してください'] },
      { name: 'email', errors: ['有効なメールアドレスを入力してください'] },
    ]);
    expect(formErrors({ name: '山田', phone: '090-1234-5678', gender: 'unset', age: '' })).toEqual([]);
  });

  it('uses the schema messages for the other fields', () => {
    expect(fieldError('email', 'not-an-address')).toBe('有効なメールアドレスを入力してください');
    expect(fieldError('email', undefined)).toBeNull();
    expect(fieldError('phone', 'abc')).toBe('電話番号は数字とハイフンで入力してください（20文字以内）');
    expect(fieldError('name', 'あ'.repeat(101))).toBe('顧客名は100文字以内で入力してください');
  });

  it('judges 年齢 as typed text: full-width digits are an age, 200 or 35歳 are refused, never clamped', () => {
    expect(fieldError('age', '３５')).toBeNull();
    expect(fieldError('age', '')).toBeNull();
    expect(fieldError('age', undefined)).toBeNull();
    for (const typed of ['２００', '151', '35歳', '3.5'])
      expect(fieldError('age', typed)).toBe('年齢は0から150までの整数で入力してください');
  });

  it('turns form values into clean fields: trimmed, normalised, age number or null, gender unset by default', () => {
    expect(
      toCustomerFields({ name: ' 山田 花子 ', phone: '０９０ー１２３４ー５６７８', age: '３５', birthDate: 'S60.4.1' }),
    ).toEqual({
      name: '山田 花子',
      nameKana: '',
      age: 35,
      birthDate: '1985-04-01',
      gender: 'unset',
      phone: '090-1234-5678',
      email: '',
      address: '',
      medicalHistory: '',
    });
    // フリガナ in half-width katakana or in hiragana is stored in full-width katakana; nothing else changes.
    expect(toCustomerFields({ name: 'ＡＢＣ 鈴木', phone: '1', nameKana: 'ｽｽﾞｷ ﾀﾛｳ' })).toMatchObject({
      name: 'ＡＢＣ 鈴木',
      nameKana: 'スズキ タロウ',
    });
    expect(toCustomerFields({ name: 'a', phone: '1', nameKana: ' すずき　はなこ ' }).nameKana).toBe('スズキ　ハナコ');
    expect(toCustomerFields({ name: 'a', phone: '1', age: '', gender: 'male' })).toMatchObject({
      age: null,
      birthDate: null,
      gender: 'male',
    });
  });

  it('opens a stored customer as text the form can show, age and birth date included', () => {
    const customer = serverCustomer({ id: 'x', age: 34, birthDate: '1985-04-01' });
    expect(formValuesOf(customer)).toMatchObject({ age: '34', birthDate: '1985-04-01' });
    expect(formValuesOf(serverCustomer({ id: 'x', age: null, birthDate: null }))).toMatchObject({
      age: '',
      birthDate: '',
    });
  });

  it('says what a typed value will be stored as, and nothing when it is stored as typed or not valid', () => {
    expect(storedText('phone', '０９０ー１２３４ー５６７８')).toBe('090-1234-5678');
    expect(storedText('age', '３５')).toBe('35');
    expect(storedText('name', ' 山田 ')).toBe('山田');
    expect(storedText('nameKana', 'ｽｽﾞｷ')).toBe('スズキ');
    expect(storedText('nameKana', 'すずき')).toBe('スズキ');
    expect(storedText('nameKana', 'スズキ')).toBeNull();
    expect(storedText('phone', '090-1234-5678')).toBeNull();
    expect(storedText('age', '２００')).toBeNull();
    expect(storedText('age', '')).toBeNull();
  });

  it('reads a typed birth date as 和暦（西暦） with the age on a given day', () => {
    expect(birthDateSummary('S60.4.1', '2026-03-31')).toEqual({ date: '昭和60年4月1日（1985年）', age: 40 });
    expect(birthDateSummary('1985-04-01', '2026-04-01')).toEqual({ date: '昭和60年4月1日（1985年）', age: 41 });
    expect(birthDateSummary('昭和65年1月1日')).toBeNull();
    expect(birthDateSummary('')).toBeNull();
  });

  it('compares an edit with the stored customer as the schema would write it, or as stored if it no longer passes', () => {
    expect(
      originalFields(serverCustomer({ id: 'x', phone: '０９０ー１２３４ー５６７８', birthDate: null })),
    ).toMatchObject({ phone: '090-1234-5678', age: 34 });
    // A フリガナ stored in hiragana before is not taken for the person's change.
    expect(originalFields(serverCustomer({ id: 'x', nameKana: 'やまだ' })).nameKana).toBe('ヤマダ');
    expect(originalFields(serverCustomer({ id: 'x', phone: '０９０', birthDate: '2999-01-01' }))).toMatchObject({
      phone: '０９０',
      birthDate: '2999-01-01',
    });
  });

  it('diffs only the changed fields, with their original values as base', () => {
    const original = originalFields(serverCustomer({ id: 'x', birthDate: null }));
    const next = { ...original, phone: '03-0000-0000', age: null };
    expect(diffFields(CUSTOMER_FIELDS, original, next)).toEqual({
      patch: { phone: '03-0000-0000', age: null },
      base: { phone: '090-1234-5678', age: 34 },
      changed: true,
    });
    expect(diffFields(CUSTOMER_FIELDS, original, original).changed).toBe(false);
  });
});
