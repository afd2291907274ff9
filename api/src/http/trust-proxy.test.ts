import { describe, expect, it } from 'vitest';
import { FORWARDED_MAX_CHARS, clientAddress, ownOrigin, parseTrustProxy } from './trust-proxy';

describe('TRUST_PROXY', () => {
  it('reads no proxy, a number of hops or a list of addresses, and refuses anything else', () => {
    for (const none of [undefined, '', ' 0 ', 'false'])
      expect(parseTrustProxy(none), String(none)).toEqual({ kind: 'none' });
    expect(parseTrustProxy('2')).toEqual({ kind: 'hops', hops: 2 });
    expect(parseTrustProxy('loopback, 10.0.0.0/8, fd00::/8, 192.168.1.5')).toMatchObject({ kind: 'addresses' });
    for (const bad of ['true', '11', 'proxy.local', '10.0.0.0/33', '10.0.0.1/8/1', '::1/129', '*']) {
      expect(() => parseTrustProxy(bad), bad).toThrow(/TRUST_PROXY/);
    }
  });

  it('without it, takes the socket only: the headers are the client’s own words', () => {
    const none = parseTrustProxy(undefined);
    expect(clientAddress(none, '::ffff:203.0.113.9', { forwardedFor: '1.2.3.4', realIp: '5.6.7.8' })).toBe(
      '203.0.113.9',
    );
    expect(clientAddress(none, null, { forwardedFor: '1.2.3.4' })).toBeNull();
  });

  it('with N hops, takes the address N entries from the socket, whatever the client put before it', () => {
    const one = parseTrustProxy('1');
    expect(clientAddress(one, '127.0.0.1', { forwardedFor: '198.51.100.7' })).toBe('198.51.100.7');
    // The client wrote the first entry itself; the proxy appended the address it saw.
    expect(clientAddress(one, '127.0.0.1', { forwardedFor: '6.6.6.6, 198.51.100.7' })).toBe('198.51.100.7');
    expect(clientAddress(parseTrustProxy('2'), '127.0.0.1', { forwardedFor: '6.6.6.6, 198.51.100.7, 10.0.0.2' })).toBe(
      '198.51.100.7',
    );
    expect(clientAddress(one, '127.0.0.1', { realIp: '198.51.100.8' })).toBe('198.51.100.8');
    // Reached without the proxy: no header, the socket is the client.
    expect(clientAddress(one, '198.51.100.9', {})).toBe('198.51.100.9');
    // A proxy writes addresses; garbage came from the client, so the proxy's word is all there is.
    expect(clientAddress(one, '127.0.0.1', { forwardedFor: 'not-an-address' })).toBe('127.0.0.1');
  });

  it('with a list, believes only a listed socket and takes the right-most address not in the list', () => {
    const list = parseTrustProxy('loopback, 10.0.0.0/8');
    expect(clientAddress(list, '::ffff:127.0.0.1', { forwardedFor: '6.6.6.6, 198.51.100.7, 10.1.2.3' })).toBe(
      '198.51.100.7',
    );
    expect(clientAddress(list, '::1', { forwardedFor: '10.0.0.5, 10.0.0.6' })).toBe('10.0.0.5');
    expect(clientAddress(list, '203.0.113.1', { forwardedFor: '198.51.100.7' })).toBe('203.0.113.1');
    expect(clientAddress(list, '127.0.0.1', { realIp: '198.51.100.8' })).toBe('198.51.100.8');
  });

  it('reads the own origin from X-Forwarded-Proto/Host only behind a trusted proxy', () => {
    const headers = { proto: 'https', host: 'clinic.example' };
    expect(ownOrigin(parseTrustProxy(undefined), '127.0.0.1', 'http://localhost:8080/api/x', headers)).toBe(
      'http://localhost:8080',
    );
    expect(ownOrigin(parseTrustProxy('1'), '127.0.0.1', 'http://localhost:8080/api/x', headers)).toBe(
      'https://clinic.example',
    );
    expect(ownOrigin(parseTrustProxy('loopback'), '203.0.113.1', 'http://localhost:8080/api/x', headers)).toBe(
      'http://localhost:8080',
    );
    // The nearest proxy's value is the last; nonsense falls back to the request's own.
    expect(
      ownOrigin(parseTrustProxy('1'), null, 'http://localhost:8080/', { proto: 'http, https', host: 'a/b@evil' }),
    ).toBe('https://localhost:8080');
  });

  it('reads a long X-Forwarded-For whole: the entry the proxy appended at its end is the one believed', () => {
    // Over 2,048 characters of the client's own entries, then the address the proxy saw.
    const chosen = Array.from({ length: 180 }, () => '203.0.113.99').join(', ');
    const header = `${chosen}, 198.51.100.7`;
    expect(header.length).toBeGreaterThan(2048);
    expect(clientAddress(parseTrustProxy('1'), '127.0.0.1', { forwardedFor: header })).toBe('198.51.100.7');
    const list = parseTrustProxy('loopback, 10.0.0.0/8');
    expect(clientAddress(list, '127.0.0.1', { forwardedFor: `${header}, 10.0.0.2` })).toBe('198.51.100.7');
  });

  it('refuses a header longer than it reads, rather than cutting it', () => {
    const header = `${'1.1.1.1, '.repeat(Math.ceil(FORWARDED_MAX_CHARS / 9))}198.51.100.7`;
    expect(() => clientAddress(parseTrustProxy('1'), '127.0.0.1', { forwardedFor: header })).toThrow(
      expect.objectContaining({ status: 400, message: expect.stringMatching(/受け付けられませんでした/) }),
    );
    // Without a trusted proxy the header is never read, so it refuses nothing.
    expect(clientAddress(parseTrustProxy(undefined), '127.0.0.1', { forwardedFor: header })).toBe('127.0.0.1');
  });
});
