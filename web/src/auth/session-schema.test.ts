import { describe, expect, it } from 'vitest';
import { toStoredSession } from './session-schema';

const user = {
  id: 'u1',
  username: 'staff1',
  email: 'staff1@clinic.example',
  role: 'staff',
  created_at: '2026-11-01T00:00:00Z',
  last_login: null,
};
const stored = { accessToken: 'a', refreshToken: 'r', userId: 'u1', user, accessTokenExpiresAt: 1, expiresAt: 2 };

describe('toStoredSession', () => {
  it('gives back a stored session with only its known fields', () => {
    expect(toStoredSession({ ...stored, extra: 1, user: { ...user, password: 'x' } })).toEqual(stored);
  });

  it('refuses anything that is not a whole session', () => {
    for (const broken of [
      null,
      [],
      'text',
      { ...stored, accessToken: '' },
      { ...stored, refreshToken: 3 },
      { ...stored, expiresAt: '2' },
      { ...stored, accessTokenExpiresAt: Number.NaN },
      { ...stored, user: { ...user, role: 'owner' } },
      { ...stored, user: { ...user, last_login: 5 } },
      { ...stored, user: null },
    ]) {
      expect(toStoredSession(broken)).toBeNull();
    }
  });
});

describe('an offline session', () => {
  const offline = { ...stored, accessToken: '', refreshToken: '', offline: true };

  it('is read back without tokens', () => {
    expect(toStoredSession(offline)).toEqual(offline);
  });

  it('never carries tokens, and an online one always does', () => {
    expect(toStoredSession({ ...offline, accessToken: 'a' })).toBeNull();
    expect(toStoredSession({ ...stored, accessToken: '', refreshToken: '' })).toBeNull();
  });
});
