import { describe, expect, it } from 'vitest';
import { safeRedirect } from './safe-redirect';

const ORIGIN = 'https://clinic.example';
/** As the login page reads it: URLSearchParams decodes the query value once. */
const fromQuery = (query: string) => new URLSearchParams(`?redirect=${query}`).get('redirect');

describe('safeRedirect', () => {
  it.each([
    ['/customers', '/customers'],
    ['/customers/abc?x=1#y', '/customers/abc?x=1#y'],
    ['/pwa/visits?from=2026-01-01&to=2026-01-31', '/pwa/visits?from=2026-01-01&to=2026-01-31'],
    ['/customers?q=%E5%B1%B1%E7%94%B0', '/customers?q=%E5%B1%B1%E7%94%B0'],
  ])('keeps the same-origin path %j', (raw, expected) => {
    expect(safeRedirect(raw, ORIGIN)).toBe(expected);
  });

  it.each([
    ['tab', '/\t/evil.example/phish'],
    ['newline', '/\n/evil.example'],
    ['carriage return', '/\r/evil.example'],
    ['backslash', '/\\evil.example'],
    ['backslash first', '\\\\evil.example'],
    ['protocol-relative', '//evil.example'],
    ['absolute URL', 'https://evil.example'],
    ['absolute URL of this origin', `${ORIGIN}/customers`],
    ['javascript: URL', 'javascript:alert(1)'],
    ['relative path', 'customers'],
    ['dot segments that collapse to //', '/.//evil.example'],
    ['parent segments that collapse to //', '/x/..//evil.example/phish'],
    ['NUL', '/\0/evil.example'],
    ['empty', ''],
  ])('refuses a %s', (_name, raw) => {
    expect(safeRedirect(raw, ORIGIN)).toBeNull();
  });

  it.each([
    ['%09 (tab)', '/%09/evil.example/phish'],
    ['%0a (newline)', '/%0a/evil.example'],
    ['%0D (carriage return)', '/%0D/evil.example'],
    ['%5c (backslash)', '/%5cevil.example'],
    ['%2F%2F', '%2F%2Fevil.example'],
    ['https%3A', 'https%3A%2F%2Fevil.example'],
  ])('refuses the once-encoded %s as the query delivers it', (_name, query) => {
    expect(safeRedirect(fromQuery(query), ORIGIN)).toBeNull();
  });

  it.each([
    ['%2509', '/%2509/evil.example/phish'],
    ['%250a', '/%250a/evil.example'],
    ['%255C', '/%255Cevil.example'],
    ['%25250d', '/%25250d/evil.example'],
  ])('refuses the double-encoded %s', (_name, query) => {
    expect(safeRedirect(fromQuery(query), ORIGIN)).toBeNull();
  });

  it('refuses a value no app page would have', () => {
    expect(safeRedirect(`/${'a'.repeat(5000)}`, ORIGIN)).toBeNull();
    expect(safeRedirect(null, ORIGIN)).toBeNull();
  });
});
