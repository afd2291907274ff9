import { describe, expect, it } from 'vitest';
import { customerFieldsSchema } from '../entities/customer';
import { createUserSchema } from '../auth/users';
import { loginRequestSchema } from '../auth/login';
import { TEXT_MESSAGES, hasLoneSurrogate, hasUnusableChar } from './text';

describe('hasLoneSurrogate', () => {
  it('finds half of a surrogate pair on its own, wherever it is', () => {
    for (const text of [
      'a\ud800b',
      '\ud800',
      'a\udc00',
      '\udc00b',
      'a\ud83d',
      '😀\ude00',
      '\ude00😀',
      '\ud83d\ud83d\ude00',
    ]) {
      expect(hasLoneSurrogate(text), JSON.stringify(text)).toBe(true);
    }
  });

  it('accepts whole pairs and ordinary text', () => {
    for (const text of ['', 'abc', '山田 花子', '😀', '𠮷野家', 'a😀b😀', '\ud83d\ude00\ud83d\ude00']) {
      expect(hasLoneSurrogate(text), JSON.stringify(text)).toBe(false);
    }
  });
});

describe('hasUnusableChar', () => {
  it('also refuses NUL, which PostgreSQL cannot store in text', () => {
    expect(hasUnusableChar('a\u0000b')).toBe(true);
    expect(hasUnusableChar('a\ud800b')).toBe(true);
    expect(hasUnusableChar('山田\t花子\n')).toBe(false);
  });
});

describe('the schemas refuse unusable characters with one message', () => {
  const message = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
    result.error?.issues[0]?.message;
  const customer = {
    name: '山田 花子',
    nameKana: '',
    age: null,
    gender: 'unset',
    phone: '090-1234-5678',
    email: '',
    address: '',
    medicalHistory: '',
  };

  it('in every customer text field', () => {
    for (const field of ['name', 'nameKana', 'phone', 'email', 'address', 'medicalHistory'] as const) {
      for (const bad of ['山田\ud800', '山田\u0000']) {
        const result = customerFieldsSchema.safeParse({ ...customer, [field]: bad });
        expect(message(result), `${field} ${JSON.stringify(bad)}`).toBe(TEXT_MESSAGES.unusableChar);
      }
    }
    expect(customerFieldsSchema.safeParse({ ...customer, name: '𠮷田 😀' }).success).toBe(true);
  });

  it('keeps each field its own message for its own rules', () => {
    expect(message(customerFieldsSchema.safeParse({ ...customer, name: ' ' }))).toBe('顧客名を入力してください');
    expect(message(customerFieldsSchema.safeParse({ ...customer, phone: 'abc' }))).toBe(
      '電話番号は数字とハイフンで入力してください（20文字以内）',
    );
  });

  it('in user names, addresses and passwords', () => {
    const user = { username: 'hanako', email: 'hanako@example.jp', password: 'a-long-enough-password' };
    for (const [field, bad] of [
      ['username', 'hana\ud800ko'],
      ['email', 'hana\udc00@example.jp'],
      ['password', 'a-long-enough-password\ud800'],
      ['email', 'ha\u0000@example.jp'],
    ] as const) {
      expect(message(createUserSchema.safeParse({ ...user, [field]: bad })), field).toBe(TEXT_MESSAGES.unusableChar);
    }
    expect(createUserSchema.safeParse(user).success).toBe(true);
  });

  it('at login', () => {
    expect(message(loginRequestSchema.safeParse({ email: 'a\ud800@example.jp', password: 'x' }))).toBe(
      TEXT_MESSAGES.unusableChar,
    );
    expect(message(loginRequestSchema.safeParse({ email: 'admin', password: 'pass\udc00word' }))).toBe(
      TEXT_MESSAGES.unusableChar,
    );
    expect(loginRequestSchema.safeParse({ email: 'admin', password: 'password' }).success).toBe(true);
  });
});
