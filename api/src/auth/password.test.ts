import { availableParallelism } from 'node:os';
import { scrypt } from 'node:crypto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { TEST_HASH_COST } from '../test/harness';
import { DEFAULT_SCRYPT_COST, hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from './password';

// Watched, not replaced: the real scrypt runs, and the tests can see which checks spent one.
vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:crypto')>();
  return { ...actual, scrypt: vi.fn(actual.scrypt) };
});
const scryptCalls = () =>
  vi.mocked(scrypt).mock.calls.map(([password, , keyLength, options]) => ({ password, keyLength, options }));

describe('password hashing', () => {
  beforeEach(() => {
    vi.mocked(scrypt).mockClear();
  });

  it('uses scrypt N=2^17, r=8, p=1 by default (OWASP), with the cost and a salt in the stored string', async () => {
    const hash = await hashPassword('correct horse battery');
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(DEFAULT_SCRYPT_COST).toEqual({ N: 131072, r: 8, p: 1 });
    // 128 MiB of scrypt memory is more than Node allows by default (32 MiB): the limit is raised.
    expect(scryptCalls()[0]!.options).toMatchObject({ maxmem: expect.any(Number) });
    expect((scryptCalls()[0]!.options as { maxmem: number }).maxmem).toBeGreaterThanOrEqual(128 * 131072 * 8);
    expect(await verifyPassword('correct horse battery', hash)).toBe(true);
    expect(await verifyPassword('correct horse batterY', hash)).toBe(false);
  });

  it('tells a hash of another cost, to be made again at the next login', async () => {
    const current = await hashPassword('same-password-1', TEST_HASH_COST);
    expect(needsRehash(current, TEST_HASH_COST)).toBe(false);
    expect(needsRehash(current)).toBe(true); // the default is N=2^17
    for (const other of [
      { N: 16384, r: 8, p: 1 },
      { N: 1024, r: 4, p: 1 },
      { N: 1024, r: 8, p: 2 },
    ]) {
      expect(needsRehash(await hashPassword('same-password-1', other), TEST_HASH_COST), JSON.stringify(other)).toBe(
        true,
      );
    }
    // Nothing to do with a value that is no hash of ours (it verifies nothing anyway).
    expect(needsRehash('', TEST_HASH_COST)).toBe(false);
    expect(needsRehash('bcrypt$2$a$b$c$d', TEST_HASH_COST)).toBe(false);
  });

  it('runs at most two hashes at once and leaves a core free, the rest waiting their turn in order', async () => {
    const { scrypt: real } = await vi.importActual<typeof import('node:crypto')>('node:crypto');
    let running = 0;
    let most = 0;
    const started: string[] = [];
    vi.mocked(scrypt).mockImplementation(((
      password: string,
      salt: Buffer,
      keyLength: number,
      options: object,
      done: (err: Error | null, key: Buffer) => void,
    ) => {
      running += 1;
      most = Math.max(most, running);
      started.push(password);
      real(password, salt, keyLength, options, (err, key) => {
        running -= 1;
        done(err, key);
      });
    }) as typeof scrypt);
    try {
      const passwords = ['p1', 'p2', 'p3', 'p4', 'p5', 'p6'];
      const hashes = await Promise.all(passwords.map((p) => hashPassword(p, TEST_HASH_COST)));
      expect(most).toBe(Math.max(1, Math.min(2, availableParallelism() - 1)));
      expect(started).toEqual(passwords);
      expect(await verifyPassword('p6', hashes[5]!)).toBe(true);
    } finally {
      vi.mocked(scrypt).mockImplementation(real);
    }
  });

  it('accepts only the password that was hashed', async () => {
    const hash = await hashPassword('Staff-Pass-2026!', TEST_HASH_COST);
    expect(await verifyPassword('Staff-Pass-2026!', hash)).toBe(true);
    for (const wrong of [
      '',
      'staff-pass-2026!',
      'Staff-Pass-2026',
      'Staff-Pass-2026!!',
      ' Staff-Pass-2026!',
      'Staff-Pass-2027!',
    ]) {
      expect(await verifyPassword(wrong, hash), JSON.stringify(wrong)).toBe(false);
    }
  });

  it('compares passwords in NFKC form, so full-width and half-width input match', async () => {
    const hash = await hashPassword('Pass1234', TEST_HASH_COST);
    expect(await verifyPassword('Ｐａｓｓ１２３４', hash)).toBe(true);
    expect(await verifyPassword('ぱすわーど', await hashPassword('ぱすわーど', TEST_HASH_COST))).toBe(true);
  });

  it('checks with the cost stored in the hash, not the current default', async () => {
    const hash = await hashPassword('same-password-1', TEST_HASH_COST);
    expect(hash.startsWith(`scrypt$${TEST_HASH_COST.N}$${TEST_HASH_COST.r}$${TEST_HASH_COST.p}$`)).toBe(true);
    vi.mocked(scrypt).mockClear();
    expect(await verifyPassword('same-password-1', hash)).toBe(true);
    expect(scryptCalls()).toEqual([
      { password: 'same-password-1', keyLength: 32, options: expect.objectContaining(TEST_HASH_COST) },
    ]);
    // Another cost derives another key: the stored one no longer matches.
    expect(await verifyPassword('same-password-1', hash.replace(`scrypt$${TEST_HASH_COST.N}$`, 'scrypt$2048$'))).toBe(
      false,
    );
  });

  it('salts every hash', async () => {
    const [a, b] = await Promise.all([
      hashPassword('same-password-1', TEST_HASH_COST),
      hashPassword('same-password-1', TEST_HASH_COST),
    ]);
    expect(a).not.toBe(b);
    expect(a.split('$')[4]).not.toBe(b.split('$')[4]);
    expect(await verifyPassword('same-password-1', a)).toBe(true);
    expect(await verifyPassword('same-password-1', b)).toBe(true);
  });

  it('rejects malformed or tampered stored values instead of throwing', async () => {
    const hash = await hashPassword('x', TEST_HASH_COST);
    const [, n, r, p, salt, key] = hash.split('$');
    expect(await verifyPassword('x', '')).toBe(false);
    expect(await verifyPassword('x', 'bcrypt$2$a$b$c$d')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$abc$8$1$c2FsdA$aGFzaA')).toBe(false);
    expect(await verifyPassword('x', `scrypt$${n}$${r}$${p}$${salt}`)).toBe(false);
    // A shorter key must be refused, not thrown on by the constant-time comparison.
    expect(await verifyPassword('x', `scrypt$${n}$${r}$${p}$${salt}$${key!.slice(0, 20)}`)).toBe(false);
    expect(await verifyPassword('x', `scrypt$${n}$${r}$${p}$${salt}$${key!.slice(1)}A`)).toBe(false);
  });

  it('checks unknown users against a dummy hash: always no, after the same work as a real check', async () => {
    const cost = { N: 2048, r: 8, p: 1 };
    const realHash = await hashPassword('right-password', cost);
    await verifyAgainstDummy('warm-up', cost); // the first call also makes the dummy hash
    vi.mocked(scrypt).mockClear();

    await verifyPassword('guess', realHash);
    const real = scryptCalls();
    vi.mocked(scrypt).mockClear();
    expect(await verifyAgainstDummy('guess', cost)).toBe(false);
    expect(scryptCalls()).toEqual(real);
    expect(real).toEqual([{ password: 'guess', keyLength: 32, options: expect.objectContaining(cost) }]);

    // Even the password of a real account is refused when the login named no account.
    expect(await verifyAgainstDummy('right-password', cost)).toBe(false);
  });
});
