import type { ClinicDb } from '../data/clinic-db';

export type DeviceUser = { id: string; username: string };
/** 'held': another user's changes are still unsynced here; only they can deliver them. */
export type DeviceClaim = { kind: 'ours' } | { kind: 'held'; ownerName: string; pending: number };

/**
 * The device's data belongs to the user who last worked on it. On a shared tablet a session may simply
 * end (expiry, a closed tab) without the logout that wipes the device; the next user must then start on
 * a wiped device, and has to anyway: the server ties the device's sync id to its first user. The
 * exception is changes not yet synced: wiping would lose them and the next user cannot send them as
 * their own, so the device stays held until their author logs in or someone discards them.
 */
export async function claimDevice(db: ClinicDb, user: DeviceUser, wipe: () => Promise<void>): Promise<DeviceClaim> {
  const [ownerId, ownerName] = await db.meta.bulkGet(['ownerUserId', 'ownerUserName']);
  if (ownerId && ownerId.value !== user.id) {
    // Photos and videos whose files have not reached the server count as unsynced too.
    const pending = (await db.outbox.count()) + (await db.mediaFiles.where('waiting').equals(1).count());
    if (pending > 0) return { kind: 'held', ownerName: String(ownerName?.value ?? ''), pending };
    await wipe();
  }
  await db.meta.bulkPut([
    { key: 'ownerUserId', value: user.id },
    { key: 'ownerUserName', value: user.username },
  ]);
  return { kind: 'ours' };
}
