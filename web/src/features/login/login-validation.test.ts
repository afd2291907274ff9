import { describe, expect, it } from 'vitest';
import { loginIdError, passwordError, toLoginRequest } from './login-validation';

describe('login validation (spec 5)', () => {
  it('requires the user field', () => {
    expect(loginIdError(undefined)).toBe('ユーザー名またはメールアドレスを入力してください');
    expect(loginIdError('   ')).toBe('ユーザー名またはメールアドレスを入力してください');
  });

  it('requires the password', () => {
    expect(passwordError(undefined)).toBe('パスワードを入力してください');
    expect(passwordError('')).toBe('パスワードを入力してください');
    expect(passwordError('x')).toBeNull();
  });

  it.each(['ab', 'a'.repeat(21), 'bad name', 'x@y', 'naïve'])('rejects %j', (value) => {
    expect(loginIdError(value)).toBe('有効なユーザー名（3-20文字）またはメールアドレスを入力してください');
  });

  it.each(['abc', 'a'.repeat(20), 'staff_1-a', 'Staff1@Example.JP', '  admin  '])('accepts %j', (value) => {
    expect(loginIdError(value)).toBeNull();
  });

  it('trims and lower-cases the identifier but not the password', () => {
    expect(toLoginRequest({ identifier: '  Staff1@Example.JP ', password: ' Pass Word ' })).toEqual({
      email: 'staff1@example.jp',
      password: ' Pass Word ',
    });
  });
});
