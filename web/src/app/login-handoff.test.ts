import { describe, expect, it } from 'vitest';
import { loginPath } from './login-handoff';

describe('loginPath (the guard remembering the page)', () => {
  it('remembers a page of this app with its query', () => {
    expect(loginPath('/pwa/customers?q=1')).toBe('/login?redirect=%2Fpwa%2Fcustomers%3Fq%3D1');
  });

  it.each(['//evil.example/phish', '/\t/evil.example', '/\\evil.example', '/%09/evil.example'])(
    'remembers nothing for %j, which would leave this origin',
    (from) => {
      expect(loginPath(from)).toBe('/login');
    },
  );
});
