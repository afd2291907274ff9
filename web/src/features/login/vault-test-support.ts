import { vi } from 'vitest';
import { createKeystore } from '../../vault/keystore';
import { signInWith } from '../../vault/sign-in';
import { serverSignIn } from './server-sign-in';

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
  offlineDays: () => Promise.resolve(30),
};

export const { signInOnline, signInOffline, newWrapKey } = signInWith(signInDeps);
export const signInWithServer = serverSignIn(signInOnline);
