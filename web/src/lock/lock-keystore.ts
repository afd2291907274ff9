import { createKeystore } from '../vault/keystore';

/** The keystore the lock checks passwords with (tests replace this module for fast PBKDF2). */
export const lockKeystore = createKeystore();
