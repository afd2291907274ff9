import type { Conflict } from '@clinic/sync-protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../auth/session-store';
import { loginResponse } from '../test-utils/fixtures';
import { LocalWriteError } from '../data/local-write-error';
import { revertConflict } from './problems';
import { localDb } from '../data/local-db';
import { wipeLocalData } from './runtime';
import { serverCustomer } from '../test-utils/sync-fixtures';

const ID = '0193a3f0-0000-4000-8000-000000000001';

/** staff1 had entered 03-1111-1111; admin's edit from older data replaced it with 03-2222-2222. */
const conflict = (over: Partial<Conflict> = {}): Conflict => ({
  id: 5,
  table: 'customers',
  recordId: ID,
  field: 'phone',
  overwritten: '03-1111-1111',
  value: '03-2222-2222',
  by: 'admin',
  overwrittenBy: 'staff1',
  at: '2026-11-22T10:00:00.000Z',
  ...over,
});

async function given(phone: string | null, c: Conflict = conflict()) {
  if (phone !== null)
    await localDb.customers.put({ ...serverCustomer({ id: ID, name: '山田 花子', phone }), pending: 0 });
  await localDb.conflicts.put(c);
}

describe('putting an overwritten value back', () => {
  beforeEach(async () => {
    await wipeLocalData();
    sessionStore.start(loginResponse());
    // Offline: the revert is a local change like any other and waits in the outbox.
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  });
  afterEach(() => {
    sessionStore.end('logout');
    vi.restoreAllMocks();
  });

  it('queues an update of that field to the lost value, based on the current one, and dismisses the conflict', async () => {
    await given('03-2222-2222');
    await revertConflict(conflict());
    const outbox = await localDb.outbox.toArray();
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({
      name: 'customer.update',
      args: { id: ID, patch: { phone: '03-1111-1111' }, base: { phone: '03-2222-2222' } },
    });
    expect(await localDb.customers.get(ID)).toMatchObject({ phone: '03-1111-1111', pending: 1, updatedBy: 'staff1' });
    expect(await localDb.conflicts.count()).toBe(0);
  });

  it('bases the update on what the device holds now, not on the conflict’s value', async () => {
    await given('090-0000-0000');
    await revertConflict(conflict());
    const [entry] = await localDb.outbox.toArray();
    expect(entry?.args).toEqual({ id: ID, patch: { phone: '03-1111-1111' }, base: { phone: '090-0000-0000' } });
  });

  it('sends nothing when the value is already back, and still dismisses', async () => {
    await given('03-1111-1111');
    await revertConflict(conflict());
    expect(await localDb.outbox.count()).toBe(0);
    expect(await localDb.conflicts.count()).toBe(0);
  });

  it('refuses, keeping the conflict, when the record is not on this device', async () => {
    await given(null);
    await expect(revertConflict(conflict())).rejects.toThrow(
      new LocalWriteError('対象の記録がこの端末にないため、元の値に戻せません', 'validation'),
    );
    expect(await localDb.conflicts.count()).toBe(1);
    expect(await localDb.outbox.count()).toBe(0);
  });

  it('refuses a table or field this version does not know, keeping the conflict', async () => {
    await given('03-2222-2222', conflict({ id: 6, field: 'shoeSize' }));
    await localDb.conflicts.put(conflict({ id: 7, table: 'prescriptions' }));
    for (const c of [conflict({ id: 6, field: 'shoeSize' }), conflict({ id: 7, table: 'prescriptions' })]) {
      await expect(revertConflict(c)).rejects.toBeInstanceOf(LocalWriteError);
    }
    expect(await localDb.conflicts.count()).toBe(2);
    expect(await localDb.outbox.count()).toBe(0);
  });
});
