import type { User } from '@clinic/sync-protocol';
import { DEFAULT_SETTINGS } from '@clinic/sync-protocol/settings';
import type { PasswordKey } from './key-wrap';
import type { Keystore } from './keystore';
import { DeviceKeyLostError, NeedsNetworkError, UnknownUserError, WrongPasswordError } from './keystore';

export type SignInDeps = {
  keystore: Keystore;
  /** This device's sync client id (made on first use). */
  clientId: () => Promise<string>;
  /** The server's escrow key for this device (POST /api/device-key). */
  fetchDeviceKey: (clientId: string) => Promise<Uint8Array<ArrayBuffer>>;
  lend: (userId: string, key: Uint8Array, until: number) => Promise<boolean>;
  /** 設定 › 自動ロック: days a person may sign in offline since the server last confirmed them. */
  offlineDays: () => Promise<number>;
};

/** What a sign-in on the device could not do, for the login screen's message. */
export type VaultRefusal = 'wrongPassword' | 'unknownUser' | 'keyLost' | 'needsNetwork';

export function refusalOf(error: unknown): VaultRefusal | null {
  if (error instanceof WrongPasswordError) return 'wrongPassword';
  if (error instanceof UnknownUserError) return 'unknownUser';
  if (error instanceof DeviceKeyLostError) return 'keyLost';
  if (error instanceof NeedsNetworkError) return 'needsNetwork';
  return null;
}

/** `stamp`: the server's word for the password (LoginResponse.signInStamp), kept with the new wrap. */
type Signed = { user: User; refreshToken: string; expiresAt: number; stamp?: string };

/**
 * After the server accepted the password: the device's key opened (by the server's escrow key, or the
 * person's own wrap), wrapped again for this password, kept with the person's refresh token sealed,
 * and lent to the service worker so the app that opens next finds it.
 */
export async function openVaultOnline(
  deps: SignInDeps,
  signed: Signed,
  password: string,
  wrapKeyOfPassword?: Promise<PasswordKey>,
): Promise<{ key: Uint8Array; lent: boolean }> {
  const escrow = await deps
    .clientId()
    .then(deps.fetchDeviceKey)
    .catch(() => null); // the person's own wrap may still open it (checked in the keystore)
  const key = await deps.keystore.signInOnline(signed.user, password, escrow, wrapKeyOfPassword, signed.stamp);
  await deps.keystore.keepRefreshToken(signed.user.id, signed.refreshToken, key).catch(() => undefined);
  const lent = await deps.lend(signed.user.id, key, signed.expiresAt);
  return { key, lent };
}

/** Without the server: the person's wrap opened by their password. */
export async function openVaultOffline(
  deps: Pick<SignInDeps, 'keystore' | 'offlineDays'>,
  loginId: string,
  password: string,
): Promise<{ user: User; key: Uint8Array }> {
  // The days are read only for someone the keystore knows, and a settings table that cannot be read (the
  // patient database closed by the last person's sign-out) counts the default rather than failing the sign-in.
  const days = () => deps.offlineDays().catch(() => DEFAULT_SETTINGS.offlineSignInDays);
  const { user, dataKey } = await deps.keystore.signInOffline(loginId, password, days);
  return { user, key: dataKey };
}

/** The sign-in steps bound to one set of parts: the login page's runtime, and its stand-in in tests. */
export function signInWith(deps: SignInDeps) {
  return {
    signInOnline: (signed: Signed, password: string, wrapKeyOfPassword?: Promise<PasswordKey>) =>
      openVaultOnline(deps, signed, password, wrapKeyOfPassword),
    signInOffline: (loginId: string, password: string) => openVaultOffline(deps, loginId, password),
    /** The key for a new wrap of `password`, made while the server checks it (login-submit.ts). */
    newWrapKey: (password: string) => deps.keystore.newWrapKey(password),
  };
}
