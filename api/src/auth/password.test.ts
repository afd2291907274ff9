import { describe, expect, it } from 'vitest';
import { DEFAULT_SCRYPT_COST, hashPassword, verifyAgainstDummy, verifyPassword } from './password';
import { TEST_HASH_COST } from '../test/harness';

describe('password hashing', () => {
  it('uses scrypt N=16384 by default, with the cost and a salt in the stored string', async () => {
    const hash = await hashPassword('correct horse battery');
    expect(hash).toMatch(/^scrypt\$16384\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(DEFAULT_SCRYPT_COST).toEqual({ N: 16384, r: 8, p: 1 });
    expect(await verifyPassword('correct horse battery', hash)).toBe(true);
    expect(await verifyPassword('correct horse batterY', hash)).toBe(false);
  });

  it('salts every hash', async () => {
    const [a, b] = await Promise.all([hashPassword('same-password-1', TEST_HASH_COST), hashPassword('same-password-1', TEST_HASH_COST)]);
    expect(a).not.toBe(b);
    expect(await verifyPassword('same-password-1', b!)).toBe(true);
  });

  it('rejects malformed stored values instead of throwing', async () => {
    expect(await verifyPassword('x', '')).toBe(false);
    expect(await verifyPassword('x', 'bcrypt$2$a$b$c$d')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$abc$8$1$c2FsdA$aGFzaA')).toBe(false);
  });

  it('checks unknown users against a dummy hash and always says no', async () => {
    expect(await verifyAgainstDummy('anything', TEST_HASH_COST)).toBe(false);
  });
});
