import { beforeEach, describe, expect, it } from 'vitest';
import { adminUser, staffUser } from '../test-utils/fixtures';
import { PBKDF2_ITERATIONS } from './keystore-config';
import { VAULT_DB_NAME } from './keystore-db';
import {
  DeviceKeyLostError,
  NeedsNetworkError,
  UnknownUserError,
  WrongPasswordError,
  createKeystore,
} from './keystore';

const escrow = () => new Uint8Array(32).fill(7);
const keystore = () => createKeystore({ iterations: 1_000 });

async function rawVault(): Promise<unknown[]> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(VAULT_DB_NAME);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('open failed'));
  });
  const read = (store: string) =>
    new Promise<unknown[]>((resolve) => {
      const request = db.transaction(store).objectStore(store).getAll();
      request.onsuccess = () => resolve(request.result);
    });
  const all = [...(await read('users')), ...(await read('device'))];
  db.close();
  return all;
}

const contains = (haystack: Uint8Array, needle: Uint8Array) => Buffer.from(haystack).includes(Buffer.from(needle));

describe('keystore', () => {
  beforeEach(async () => {
    await new Promise((resolve) => {
      const request = indexedDB.deleteDatabase(VAULT_DB_NAME);
      request.onsuccess = resolve;
      request.onerror = resolve;
    });
  });

  it('uses 600,000 PBKDF2 iterations in production', () => {
    expect(PBKDF2_ITERATIONS).toBeGreaterThanOrEqual(600_000);
  });

  it('makes the device key at the first online sign-in and stores it only wrapped', async () => {
    const key = await keystore().signInOnline(staffUser, 'pass-1234', escrow());
    expect(key).toHaveLength(32);
    const stored = await rawVault();
    expect(stored).toHaveLength(2); // staff1's wrap and the server's wrap
    for (const entry of stored as { wrapped: Uint8Array }[]) expect(contains(entry.wrapped, key)).toBe(false);
  });

  it('opens the same key offline with the password, by user name or e-mail', async () => {
    const key = await keystore().signInOnline(staffUser, 'pass-1234', escrow());
    const byName = await keystore().signInOffline('STAFF1 ', 'pass-1234', 30);
    expect(byName.dataKey).toEqual(key);
    expect(byName.user).toEqual(staffUser);
    expect((await keystore().signInOffline(staffUser.email, 'pass-1234', 30)).dataKey).toEqual(key);
    expect(await keystore().unlock(staffUser.id, 'pass-1234', 30)).toEqual(key);
  });

  it('keeps the wrap key made while the server checked the password: its salt and count, opened by the password', async () => {
    const made = keystore().newWrapKey('pass-1234');
    const key = await keystore().signInOnline(staffUser, 'pass-1234', escrow(), made);
    const { salt, iterations } = await made;
    const [own] = (await rawVault()).filter((entry) => (entry as { userId?: string }).userId === staffUser.id) as {
      salt: Uint8Array;
      iterations: number;
    }[];
    expect(own?.salt).toEqual(salt);
    expect(own?.iterations).toBe(iterations);
    expect((await keystore().signInOffline('staff1', 'pass-1234', 30)).dataKey).toEqual(key);
  });

  it('makes the wrap key again when the one made beforehand failed', async () => {
    const failed = Promise.reject(new Error('busy'));
    failed.catch(() => undefined); // as login-submit.ts does: the failure is seen when the key is needed
    const key = await keystore().signInOnline(staffUser, 'pass-1234', escrow(), failed);
    expect((await keystore().signInOffline('staff1', 'pass-1234', 30)).dataKey).toEqual(key);
  });

  it('refuses a wrong password and a person who never signed in here', async () => {
    await keystore().signInOnline(staffUser, 'pass-1234', escrow());
    await expect(keystore().signInOffline('staff1', 'pass-9999', 30)).rejects.toBeInstanceOf(WrongPasswordError);
    await expect(keystore().unlock(staffUser.id, 'nope', 30)).rejects.toBeInstanceOf(WrongPasswordError);
    await expect(keystore().signInOffline('admin', 'pass-1234', 30)).rejects.toBeInstanceOf(UnknownUserError);
  });

  it("gives a second person the same key through the server's key, then offline by their own password", async () => {
    const key = await keystore().signInOnline(staffUser, 'pass-1234', escrow());
    expect(await keystore().signInOnline(adminUser, 'admin-pass', escrow())).toEqual(key);
    expect((await keystore().signInOffline('admin', 'admin-pass', 30)).dataKey).toEqual(key);
  });

  it("opens the key with the person's own wrap when the server's key cannot be had, and wraps it for the server later", async () => {
    const key = await keystore().signInOnline(staffUser, 'pass-1234', escrow());
    expect(await keystore().signInOnline(staffUser, 'pass-1234', null)).toEqual(key);
    const other = new Uint8Array(32).fill(9); // the server's key changed (revoked, then made anew)
    expect(await keystore().signInOnline(staffUser, 'pass-1234', other)).toEqual(key);
    expect(await keystore().signInOnline(adminUser, 'admin-pass', other)).toEqual(key);
  });

  it('never makes a second key over sealed data that no one can open', async () => {
    await keystore().signInOnline(staffUser, 'pass-1234', escrow());
    await expect(keystore().signInOnline(adminUser, 'admin-pass', null)).rejects.toBeInstanceOf(DeviceKeyLostError);
  });

  it('keeps a refresh token sealed with the data key', async () => {
    const key = await keystore().signInOnline(staffUser, 'pass-1234', escrow());
    await keystore().keepRefreshToken(staffUser.id, 'refresh-abc', key);
    expect(JSON.stringify(await rawVault())).not.toContain('refresh-abc');
    expect(await keystore().refreshToken(staffUser.id, key)).toBe('refresh-abc');
    expect(await keystore().refreshToken(staffUser.id, new Uint8Array(32))).toBeNull();
  });

  describe('who may sign in here', () => {
    const DAY = 86_400_000;
    let now = Date.UTC(2026, 11, 1);
    const clock = () => createKeystore({ iterations: 1_000, now: () => now });

    it('drops the wrap of someone the server no longer lists, or whose password changed, and keeps the others', async () => {
      await clock().signInOnline(staffUser, 'pass-1234', escrow(), undefined, 'stamp-s1');
      await clock().signInOnline(adminUser, 'admin-pass', escrow(), undefined, 'stamp-a1');
      expect((await clock().knownUserIds()).sort()).toEqual([adminUser.id, staffUser.id].sort());

      // staff1's password was changed elsewhere: the old one stops opening this tablet.
      expect(
        await clock().confirmSigners([
          { id: staffUser.id, stamp: 'stamp-s2' },
          { id: adminUser.id, stamp: 'stamp-a1' },
        ]),
      ).toEqual([staffUser.id]);
      await expect(clock().signInOffline('staff1', 'pass-1234', 30)).rejects.toBeInstanceOf(UnknownUserError);
      await expect(clock().unlock(staffUser.id, 'pass-1234', 30)).rejects.toBeInstanceOf(UnknownUserError);
      expect((await clock().signInOffline('admin', 'admin-pass', 30)).user).toEqual(adminUser);

      // The administrator was deleted: no longer listed at all.
      expect(await clock().confirmSigners([])).toEqual([adminUser.id]);
      await expect(clock().signInOffline('admin', 'admin-pass', 30)).rejects.toBeInstanceOf(UnknownUserError);
      expect(JSON.stringify(await rawVault())).not.toContain(adminUser.username);
    });

    it('drops a wrap made before the server gave stamps: it cannot tell a changed password', async () => {
      await clock().signInOnline(staffUser, 'pass-1234', escrow());
      expect(await clock().confirmSigners([{ id: staffUser.id, stamp: 'stamp-s1' }])).toEqual([staffUser.id]);
    });

    it('asks for the network when the server has not confirmed the person for longer than allowed', async () => {
      await clock().signInOnline(staffUser, 'pass-1234', escrow(), undefined, 'stamp-s1');
      now += 29 * DAY;
      await clock().confirmSigners([{ id: staffUser.id, stamp: 'stamp-s1' }]); // a sync confirms again
      now += 30 * DAY;
      expect((await clock().signInOffline('staff1', 'pass-1234', 30)).user).toEqual(staffUser);
      now += 1;
      const refused = clock().signInOffline('staff1', 'pass-1234', 30);
      await expect(refused).rejects.toBeInstanceOf(NeedsNetworkError);
      await expect(refused).rejects.toMatchObject({ days: 30 });
      await expect(clock().unlock(staffUser.id, 'pass-1234', 30)).rejects.toBeInstanceOf(NeedsNetworkError);
      // A longer setting lets them in; an online sign-in confirms them afresh.
      expect((await clock().signInOffline('staff1', 'pass-1234', 90)).user).toEqual(staffUser);
      await clock().signInOnline(staffUser, 'pass-1234', escrow(), undefined, 'stamp-s1');
      expect((await clock().signInOffline('staff1', 'pass-1234', 30)).user).toEqual(staffUser);
    });
  });
});
