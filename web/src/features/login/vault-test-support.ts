import { vi } from 'vitest';
import type { PasswordKey } from '../../vault/key-wrap';
import { createKeystore } from '../../vault/keystore';
import { openVaultOffline, openVaultOnline } from '../../vault/sign-in';

/**
 * A stand-in for ./sign-in-runtime in tests: the real keystore and sign-in with fast PBKDF2, a fixed
 * escrow key and the lending to the worker recorded. Use as
 * `vi.mock('./sign-in-runtime', () => import('./vault-test-support'))`.
 */
export const signInDeps = {
  keystore: createKeystore({ iterations: 1_000 }),
  clientId: () => Promise.resolve('c-1'),
  fetchDeviceKey: () => Promise.resolve(new Uint8Array(32).fill(3)),
  lend: vi.fn((_userId: string, _key: Uint8Array, _until: number) => Promise.resolve(true)),
};

export const signInOnline = (
  signed: Parameters<typeof openVaultOnline>[1],
  password: string,
  wrapKeyOfPassword?: Promise<PasswordKey>,
) => openVaultOnline(signInDeps, signed, password, wrapKeyOfPassword);
/** The key for a new wrap of `password`, made while the server checks it (login-submit.ts). */
export const newWrapKey = (password: string) => signInDeps.keystore.newWrapKey(password);
export const signInOffline = (id: string, password: string) => openVaultOffline(signInDeps, id, password);
