import { describe, expect, it } from 'vitest';
import { toStoredSession, toTokens } from './session-schema';

const user = {
  id: 'u1',
  username: 'staff1',
  display_name: '佐藤 花子',
  email: 'staff1@clinic.example',
  role: 'staff',
  created_at: '2026-11-01T00:00:00Z',
  last_login: null,
};
const stored = { userId: 'u1', user, accessTokenExpiresAt: 1, expiresAt: 2, tokens: 'c2VhbGVk' };

describe('toStoredSession', () => {
  it('gives back a stored session with only its known fields', () => {
    expect(toStoredSession({ ...stored, extra: 1, user: { ...user, password: 'x' } })).toEqual(stored);
  });

  it('reads a session kept before display names as one without a display name', () => {
    const { display_name: _none, ...older } = user;
    expect(toStoredSession({ ...stored, user: older })?.user).toEqual({ ...user, display_name: null });
  });

  it('refuses anything that is not a whole session', () => {
    for (const broken of [
      null,
      [],
      'text',
      { ...stored, tokens: '' },
      { ...stored, tokens: 3 },
      { ...stored, expiresAt: '2' },
      { ...stored, accessTokenExpiresAt: Number.NaN },
      { ...stored, user: { ...user, role: 'owner' } },
      { ...stored, user: { ...user, last_login: 5 } },
      { ...stored, user: null },
      { ...stored, userId: 'u2' },
    ]) {
      expect(toStoredSession(broken)).toBeNull();
    }
  });

  it("refuses an older app's session with its tokens in clear", () => {
    expect(toStoredSession({ ...stored, accessToken: 'a', refreshToken: 'r' })).toBeNull();
    expect(toStoredSession({ ...stored, tokens: undefined, refreshToken: 'r' })).toBeNull();
  });
});

describe('a session on the device alone', () => {
  it('is read back without tokens', () => {
    const { tokens: _sealed, ...offline } = stored;
    expect(toStoredSession(offline)).toEqual(offline);
  });
});

describe('toTokens', () => {
  it('takes a pair of non-empty strings and nothing else', () => {
    expect(toTokens('{"accessToken":"a","refreshToken":"r","x":1}')).toEqual({ accessToken: 'a', refreshToken: 'r' });
    for (const broken of ['', 'null', '[]', '{"accessToken":"a"}', '{"accessToken":"","refreshToken":"r"}', '{'])
      expect(toTokens(broken)).toBeNull();
  });
});
