import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN, isEmailAddress, isValidLoginId } from './user';

// The pattern before issue 22: right, but it backtracked for minutes on "a@" + many dots.
const OLD_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

describe('EMAIL_PATTERN', () => {
  it('accepts and refuses exactly what the old pattern did', () => {
    const text = fc.string({ unit: fc.constantFrom('a', 'b', '.', '@', ' ', '-'), maxLength: 14 });
    fc.assert(
      fc.property(text, (value) => EMAIL_PATTERN.test(value) === OLD_EMAIL_PATTERN.test(value)),
      { numRuns: 20_000 },
    );
  });

  it.each(['hanako@example.jp', 'a.b+c@mail.example.co.jp', 'x@a.b', 'a@b..c', 'a@.b.c'])('accepts %s', (value) => {
    expect(isEmailAddress(value)).toBe(true);
  });

  it.each(['a@b', 'a@b.', 'a@.b', 'a b@c.d', 'a@b@c.d', '@b.c', ''])('refuses %s', (value) => {
    expect(isEmailAddress(value)).toBe(false);
  });

  it('refuses an address longer than 254 characters before any pattern runs', () => {
    const long = `${'a'.repeat(EMAIL_MAX_LENGTH - 7)}@ex.com`;
    expect(isEmailAddress(long)).toBe(true);
    expect(isEmailAddress(`a${long}`)).toBe(false);
    expect(isValidLoginId(`a${long}`)).toBe(false);
  });
});
