import { describe, expect, it } from 'vitest';
import { redirectTarget } from './redirect-target';

const ORIGIN = 'https://clinic.example';

describe('redirect after login', () => {
  it('returns to the page the guard remembered in ?redirect=', () => {
    expect(redirectTarget('/login', '?redirect=%2Fpwa%2Fvisits', ORIGIN)).toBe('/pwa/visits');
    expect(redirectTarget('/login', `?redirect=${encodeURIComponent('/customers/abc?x=1#y')}`, ORIGIN)).toBe(
      '/customers/abc?x=1#y',
    );
  });

  it('defaults to the dashboard of the variant in use', () => {
    expect(redirectTarget('/login', '', ORIGIN)).toBe('/dashboard');
    expect(redirectTarget('/pwa/login', '', ORIGIN)).toBe('/pwa/dashboard');
  });

  it.each([
    '/%09/evil.example/phish',
    '/%0a/evil.example',
    '/%5cevil.example',
    '//evil.example',
    'https://evil.example',
    '/login',
    '/pwa/login?x=1',
    'customers',
  ])('refuses ?redirect=%s', (query) => {
    expect(redirectTarget('/login', `?redirect=${query}`, ORIGIN)).toBe('/dashboard');
  });
});
