import type { Signer, User } from '@clinic/sync-protocol';
import { PBKDF2_ITERATIONS } from './keystore-config';
import { DEVICE, USERS, vaultRun } from './keystore-db';
import {
  type PasswordKey,
  type Wrapped,
  newPasswordKey,
  openText,
  passwordKey,
  randomBytes,
  rawAesKey,
  sealText,
  unwrapKey,
  wrapKey,
} from './key-wrap';

export { WrongPasswordError } from './key-wrap';

/** One person who signed in on this device: their profile (not secret) and the key wrapped by their password. */
export type KeystoreUser = Wrapped & {
  userId: string;
  /** lower-cased user name and e-mail: either signs in, as on the server */
  loginIds: string[];
  user: User;
  salt: Uint8Array<ArrayBuffer>;
  iterations: number;
  /** The last refresh token of this person's server session, sealed with the data key (see resumeServerSession). */
  refresh?: Wrapped;
  /**
   * The server's word for this person's password when it was wrapped (LoginResponse.signInStamp): a sync
   * that reports another one (the password was changed) drops this wrap, so the old password stops opening.
   */
  stamp?: string;
  /** When the server last said this person may sign in (epoch ms): a sign-in online or a sync. */
  confirmedAt?: number;
};

/** Nobody with this login id has signed in on this device yet. */
export class UnknownUserError extends Error {
  constructor() {
    super('unknown user on this device');
    this.name = 'UnknownUserError';
  }
}

/** The server has not confirmed this person for longer than the administrator allows (設定 › 自動ロック). */
export class NeedsNetworkError extends Error {
  constructor(readonly days: number) {
    super('offline sign-in needs a recent confirmation by the server');
    this.name = 'NeedsNetworkError';
  }
}

/** Neither the server's key nor the person's password opens the device's key (see README). */
export class DeviceKeyLostError extends Error {
  constructor() {
    super('device key cannot be opened');
    this.name = 'DeviceKeyLostError';
  }
}

const ESCROW = 'escrow';
const escrowBinding = 'device';
const loginIdsOf = (user: User) => [...new Set([user.username, user.email].map((id) => id.trim().toLowerCase()))];

const DAY = 86_400_000;

export function createKeystore({
  iterations = PBKDF2_ITERATIONS,
  now = () => Date.now(),
}: { iterations?: number; now?: () => number } = {}) {
  const users = () => vaultRun<KeystoreUser[]>(USERS, 'readonly', (s) => s.getAll() as IDBRequest<KeystoreUser[]>);
  const userById = (userId: string) =>
    vaultRun<KeystoreUser | undefined>(USERS, 'readonly', (s) => s.get(userId) as IDBRequest<KeystoreUser | undefined>);
  const putUser = (entry: KeystoreUser) => vaultRun(USERS, 'readwrite', (s) => s.put(entry));
  const escrow = () =>
    vaultRun<Wrapped | undefined>(DEVICE, 'readonly', (s) => s.get(ESCROW) as IDBRequest<Wrapped | undefined>);

  /**
   * The person's entry by login id, or UnknownUserError, whatever the keystore holds: an entry an older
   * version or a broken write left without its ids is no one's, and a keystore that cannot be read at all
   * (its database failing, being wiped) knows no one who could sign in here offline.
   */
  async function findUser(loginId: string): Promise<KeystoreUser> {
    const id = loginId.trim().toLowerCase();
    const everyone = await users().catch(() => [] as KeystoreUser[]);
    const found = everyone.find((entry) => Array.isArray(entry?.loginIds) && entry.loginIds.includes(id));
    if (!found) throw new UnknownUserError();
    return found;
  }

  /** Checked before the password (no PBKDF2 for someone the tablet must not let in offline). */
  function checkConfirmed(entry: KeystoreUser, maxDays: number): void {
    if (entry.confirmedAt === undefined || now() - entry.confirmedAt > maxDays * DAY)
      throw new NeedsNetworkError(maxDays);
  }

  async function openWithPassword(entry: KeystoreUser, password: string): Promise<Uint8Array> {
    const key = await passwordKey(password, entry.salt, entry.iterations);
    return unwrapKey(entry, key, entry.userId);
  }

  return {
    /**
     * The key for a new wrap of `password`, with this keystore's PBKDF2 count: a sign-in makes it while the
     * server checks the password (login-submit.ts) and hands it to signInOnline.
     */
    newWrapKey: (password: string): Promise<PasswordKey> => newPasswordKey(password, iterations),

    /**
     * After the server accepted `password`: the device's key, opened with the server's key for this
     * device (or, if that is unavailable, the person's own wrap), made the very first time, and
     * wrapped again for this person's password. `escrowKey` is null when the server could not give it.
     * `wrapKeyOfPassword`, when given, is newWrapKey(password) made beforehand; made now if it failed.
     * `stamp` is the server's word for this password (LoginResponse.signInStamp).
     */
    async signInOnline(
      user: User,
      password: string,
      escrowKey: Uint8Array<ArrayBuffer> | null,
      wrapKeyOfPassword?: Promise<PasswordKey>,
      stamp?: string,
    ): Promise<Uint8Array> {
      const [stored, own, everyone] = await Promise.all([escrow(), userById(user.id), users()]);
      const serverKey = escrowKey ? await rawAesKey(escrowKey) : null;
      let dataKey: Uint8Array | null = null;
      if (stored && serverKey) dataKey = await unwrapKey(stored, serverKey, escrowBinding).catch(() => null);
      const escrowOpened = dataKey !== null;
      if (!dataKey && own) dataKey = await openWithPassword(own, password).catch(() => null);
      if (!dataKey) {
        // A new device: nothing is wrapped yet. Anything else means the data is sealed by a key no one can open.
        if (stored || everyone.length > 0) throw new DeviceKeyLostError();
        dataKey = randomBytes(32);
      }
      if (serverKey && !escrowOpened) {
        const wrapped = await wrapKey(dataKey, serverKey, escrowBinding);
        await vaultRun(DEVICE, 'readwrite', (s) => s.put(wrapped, ESCROW));
      }
      const fresh = (await wrapKeyOfPassword?.catch(() => undefined)) ?? (await newPasswordKey(password, iterations));
      const wrapped = await wrapKey(dataKey, fresh.key, user.id);
      await putUser({
        userId: user.id,
        loginIds: loginIdsOf(user),
        user,
        salt: fresh.salt,
        iterations: fresh.iterations,
        ...wrapped,
        refresh: own?.refresh,
        stamp,
        confirmedAt: now(),
      });
      return dataKey;
    },

    /** The key opened by the server's escrow key alone (the app's start right after an online sign-in). */
    async openWithEscrow(escrowKey: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
      const stored = await escrow();
      if (!stored) throw new DeviceKeyLostError();
      return unwrapKey(stored, await rawAesKey(escrowKey), escrowBinding);
    },

    /**
     * Offline sign-in by login id: UnknownUserError, NeedsNetworkError (not confirmed by the server within
     * `maxDays`) or WrongPasswordError when it cannot be.
     */
    async signInOffline(
      loginId: string,
      password: string,
      maxDays: number | (() => Promise<number>),
    ): Promise<{ user: User; dataKey: Uint8Array }> {
      // Who it is first: someone new here is told so whatever else cannot be read (the days are a setting).
      const entry = await findUser(loginId);
      checkConfirmed(entry, typeof maxDays === 'number' ? maxDays : await maxDays());
      return { user: entry.user, dataKey: await openWithPassword(entry, password) };
    },

    /** The lock: the person's password checked on the device alone, by opening their wrap (same rules as offline). */
    async unlock(userId: string, password: string, maxDays: number): Promise<Uint8Array> {
      const entry = await userById(userId);
      if (!entry) throw new UnknownUserError();
      checkConfirmed(entry, maxDays);
      return openWithPassword(entry, password);
    },

    /** The ids of the people who may sign in here, for the server to confirm at the next sync. */
    knownUserIds: async (): Promise<string[]> => (await users()).map((entry) => entry.userId),

    /**
     * A sync's word on who may still sign in here: the others' wraps are dropped (deleted on the server,
     * or their password changed: their old password no longer opens this tablet; the new one works after
     * their next online sign-in), and those confirmed are noted as such. A wrap made before the server gave
     * stamps cannot tell a changed password from the same one: it is dropped too (one online sign-in).
     * Resolves to the ids dropped.
     */
    async confirmSigners(signers: readonly Signer[]): Promise<string[]> {
      const stamps = new Map(signers.map((signer) => [signer.id, signer.stamp]));
      const dropped: string[] = [];
      const at = now();
      for (const entry of await users()) {
        const stamp = stamps.get(entry.userId);
        if (stamp !== undefined && stamp === entry.stamp) {
          await putUser({ ...entry, confirmedAt: at });
        } else {
          await vaultRun(USERS, 'readwrite', (s) => s.delete(entry.userId));
          dropped.push(entry.userId);
        }
      }
      return dropped;
    },

    /** The profile of someone who signed in here, by login id (for the administrator's wipe). */
    findUser,
    knownUser: async (userId: string) => (await userById(userId))?.user ?? null,
    hasAnyUser: async () => (await users()).length > 0,

    /** Keeps the person's refresh token, sealed, so a later offline sign-in can resume the server session. */
    async keepRefreshToken(userId: string, refreshToken: string | null, dataKey: Uint8Array): Promise<void> {
      const entry = await userById(userId);
      if (!entry) return;
      const refresh = refreshToken ? await sealText(refreshToken, dataKey, `${userId}:refresh`) : undefined;
      await putUser({ ...entry, refresh });
    },

    async refreshToken(userId: string, dataKey: Uint8Array): Promise<string | null> {
      const entry = await userById(userId);
      if (!entry?.refresh) return null;
      return openText(entry.refresh, dataKey, `${userId}:refresh`).catch(() => null);
    },
  };
}

export type Keystore = ReturnType<typeof createKeystore>;
