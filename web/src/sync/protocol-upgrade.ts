import { PROTOCOL_VERSION } from '@clinic/sync-protocol';
import type { ClinicDb } from '../data/clinic-db';

/**
 * Rows on the device were pulled by the app version that stored them; a newer version may know fields
 * (or whole entities) the old one dropped. When the app's protocol version differs from the one the
 * device last synced with, the next pull starts from the beginning, so every row arrives whole. The
 * outbox and the local rows stay: a full pull rebases pending changes like any other.
 * Resolves true when it reset the cookie.
 */
export async function adoptProtocolVersion(db: ClinicDb): Promise<boolean> {
  return db.transaction('rw', db.meta, async () => {
    const stored = (await db.meta.get('protocolVersion'))?.value;
    if (stored === PROTOCOL_VERSION) return false;
    await db.meta.bulkPut([
      { key: 'cookie', value: 0 },
      { key: 'protocolVersion', value: PROTOCOL_VERSION },
    ]);
    return true;
  });
}
