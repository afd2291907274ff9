import type { User } from '@clinic/sync-protocol';
import type { PasswordKey } from './key-wrap';
import type { Keystore } from './keystore';
import { DeviceKeyLostError, UnknownUserError, WrongPasswordError } from './keystore';

export type SignInDeps = {
  keystore: Keystore;
  /** This device's sync client id (made on first use). */
  clientId: () => Promise<string>;
  /** The server's escrow key for this device (POST /api/device-key). */
  fetchDeviceKey: (clientId: string) => Promise<Uint8Array<ArrayBuffer>>;
  lend: (userId: string, key: Uint8Array, until: number) => Promise<boolean>;
};

/** What a sign-in on the device could not do, for the login screen's message. */
export type VaultRefusal = 'wrongPassword' | 'unknownUser' | 'keyLost';

export function refusalOf(error: unknown): VaultRefusal | null {
  if (error instanceof WrongPasswordError) return 'wrongPassword';
  if (error instanceof UnknownUserError) return 'unknownUser';
  if (error instanceof DeviceKeyLostError) return 'keyLost';
  return null;
}

type Signed = { user: User; refreshToken: string; expiresAt: number };

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
  const key = await deps.keystore.signInOnline(signed.user, password, escrow, wrapKeyOfPassword);
  await deps.keystore.keepRefreshToken(signed.user.id, signed.refreshToken, key).catch(() => undefined);
  const lent = await deps.lend(signed.user.id, key, signed.expiresAt);
  return { key, lent };
}

/** Without the server: the person's wrap opened by their password. */
export async function openVaultOffline(
  deps: Pick<SignInDeps, 'keystore'>,
  loginId: string,
  password: string,
): Promise<{ user: User; key: Uint8Array }> {
  const { user, dataKey } = await deps.keystore.signInOffline(loginId, password);
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
