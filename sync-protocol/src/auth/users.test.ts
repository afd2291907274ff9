import { describe, expect, it } from 'vitest';
import { USER_FORM_MESSAGES, createUserSchema, updateUserSchema } from './users';

describe('user e-mail addresses', () => {
  const user = { username: 'hanako', password: 'a-long-enough-password' };

  it('are made half-width and trimmed as a customer’s are, then lower-cased', () => {
    expect(createUserSchema.parse({ ...user, email: 'ｈａｎａｋｏ＠ｅｘａｍｐｌｅ．ｊｐ' }).email).toBe(
      'hanako@example.jp',
    );
    expect(createUserSchema.parse({ ...user, email: '\u3000Ｈａｎａｋｏ@Example.JP ' }).email).toBe(
      'hanako@example.jp',
    );
    expect(updateUserSchema.parse({ email: 'ＡＤＭＩＮ＠ｃｌｉｎｉｃ．ｊｐ' }).email).toBe('admin@clinic.jp');
  });

  it('keep their messages, and an update may leave the address out', () => {
    expect(createUserSchema.safeParse({ ...user, email: '\u3000' }).error?.issues[0]?.message).toBe(
      USER_FORM_MESSAGES.required,
    );
    expect(createUserSchema.safeParse({ ...user, email: 'ｈａｎａｋｏ' }).error?.issues[0]?.message).toBe(
      USER_FORM_MESSAGES.emailInvalid,
    );
    expect(updateUserSchema.parse({ role: 'admin' })).toEqual({ role: 'admin' });
  });
});
