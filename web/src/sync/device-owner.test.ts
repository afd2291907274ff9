import { describe, expect, it, vi } from 'vitest';
import { claimDevice } from './device-owner';
import { mutate } from '../data/mutate';
import { freshDb, serverCustomer } from '../test-utils/sync-fixtures';

const HANAKO = { id: 'u-hanako', username: 'hanako' };
const JIRO = { id: 'u-jiro', username: 'jiro' };
const ID1 = '0193a3f0-0000-4000-8000-000000000001';

const owner = async (db: ReturnType<typeof freshDb>) => (await db.meta.get('ownerUserId'))?.value;

describe('claimDevice', () => {
  it('gives a device with no owner to the user, and keeps it theirs on their next session', async () => {
    const db = freshDb();
    const wipe = vi.fn(() => Promise.resolve());
    expect(await claimDevice(db, HANAKO, wipe)).toEqual({ kind: 'ours' });
    expect(await owner(db)).toBe(HANAKO.id);
    await mutate(
      db,
      'customer.create',
      { id: ID1, name: '山田 花子', phone: '090-1234-5678' },
      { userName: HANAKO.username },
    );
    expect(await claimDevice(db, HANAKO, wipe)).toEqual({ kind: 'ours' });
    expect(wipe).not.toHaveBeenCalled();
  });

  it('wipes the device for another user when everything is synced, then gives it to them', async () => {
    const db = freshDb();
    await claimDevice(db, HANAKO, () => Promise.resolve());
    await db.customers.put({ ...serverCustomer({ id: ID1 }), pending: 0 });
    const wipe = vi.fn(async () => {
      await db.customers.clear();
      await db.meta.clear();
    });
    expect(await claimDevice(db, JIRO, wipe)).toEqual({ kind: 'ours' });
    expect(wipe).toHaveBeenCalledOnce();
    expect(await db.customers.count()).toBe(0);
    expect(await owner(db)).toBe(JIRO.id);
  });

  it('keeps the device, and the changes, for their author when another user arrives before they synced', async () => {
    const db = freshDb();
    await claimDevice(db, HANAKO, () => Promise.resolve());
    await mutate(
      db,
      'customer.create',
      { id: ID1, name: '山田 花子', phone: '090-1234-5678' },
      { userName: HANAKO.username },
    );
    const wipe = vi.fn(() => Promise.resolve());
    expect(await claimDevice(db, JIRO, wipe)).toEqual({ kind: 'held', ownerName: 'hanako', pending: 1 });
    expect(wipe).not.toHaveBeenCalled();
    expect(await owner(db)).toBe(HANAKO.id);
    expect(await db.outbox.count()).toBe(1);
  });
});
