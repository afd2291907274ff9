import { describe, expect, it } from 'vitest';
import { redirectTarget } from './redirect-target';

describe('redirect after login', () => {
  it('returns to the page the guard remembered, from state or ?redirect=', () => {
    expect(redirectTarget('/login', '', { from: '/customers?q=1' })).toBe('/customers?q=1');
    expect(redirectTarget('/login', '?redirect=%2Fpwa%2Fvisits', null)).toBe('/pwa/visits');
  });

  it('defaults to the dashboard of the variant in use', () => {
    expect(redirectTarget('/login', '', null)).toBe('/dashboard');
    expect(redirectTarget('/pwa/login', '', undefined)).toBe('/pwa/dashboard');
  });

  it.each(['//evil.example', 'https://evil.example', '/login', '/pwa/login?x=1', 'customers'])('refuses %j', (from) => {
    expect(redirectTarget('/login', '', { from })).toBe('/dashboard');
  });
});
