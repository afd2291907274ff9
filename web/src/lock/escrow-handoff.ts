import { fetchDeviceKey } from '../api/device-key-api';
import { getClientId } from '../data/meta';
import { localDb } from '../data/local-db';
import { lockKeystore } from './lock-keystore';

/** The device's key from the server's escrow key (see vault/handoff.ts), or null. */
export async function keyFromEscrow(): Promise<Uint8Array | null> {
  try {
    const escrow = await fetchDeviceKey(await getClientId(localDb));
    return await lockKeystore.openWithEscrow(escrow);
  } catch {
    return null;
  }
}
