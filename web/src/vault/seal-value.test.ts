import { describe, expect, it } from 'vitest';
import { SealedValueError, openValue, sealValue } from './seal-value';

const key = () => crypto.getRandomValues(new Uint8Array(32));

describe('sealValue', () => {
  it('opens with the same key and binding, and holds nothing of the value in clear', () => {
    const k = key();
    const sealed = sealValue('eyJhbGciOi.secret-token', k, 'session:u1');
    expect(sealed).not.toContain('secret');
    expect(atob(sealed)).not.toContain('secret-token');
    expect(openValue(sealed, k, 'session:u1')).toBe('eyJhbGciOi.secret-token');
  });

  it('refuses another key, another binding and changed bytes', () => {
    const k = key();
    const sealed = sealValue('token', k, 'session:u1');
    expect(() => openValue(sealed, key(), 'session:u1')).toThrow(SealedValueError);
    expect(() => openValue(sealed, k, 'session:u2')).toThrow(SealedValueError);
    const bytes = Uint8Array.from(atob(sealed), (c) => c.charCodeAt(0));
    bytes[bytes.length - 1]! ^= 1;
    expect(() => openValue(btoa(String.fromCharCode(...bytes)), k, 'session:u1')).toThrow(SealedValueError);
    expect(() => openValue('not base64!', k, 'session:u1')).toThrow(SealedValueError);
  });

  it('uses a new nonce each time', () => {
    const k = key();
    expect(sealValue('same', k, 'b')).not.toBe(sealValue('same', k, 'b'));
  });
});
