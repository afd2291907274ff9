import { PROTOCOL_VERSION } from '@clinic/sync-protocol';
import { expect, it } from 'vitest';
import { listAudit } from '../audit/audit.repository';
import { describeEachDatabase, seedUser } from '../test/harness';
import { makeCreate, makeUpdate, pull, pushOk, syncCall, tokenOf } from './sync-test-helpers';

/**
 * A shared tablet (issue 25): its outbox is one ordered sequence, sent by whoever signs in online next.
 * Each change keeps the person who made it; the audit also names who sent it and in which session.
 */
describeEachDatabase('sync push of another person’s changes', (getCtx) => {
  const changeRows = async () =>
    (await listAudit(getCtx().db)).filter((r) => r.action.startsWith('customer.') && r.action !== 'customer.read');
  const sessionOf = async (userId: string) =>
    (await getCtx().db.selectFrom('sessions').select('id').where('user_id', '=', userId).executeTakeFirstOrThrow()).id;

  it('applies a change made by one person and sent by another, naming both in the audit', async () => {
    const { app, db, admin, staff } = getCtx();
    const tablet = crypto.randomUUID();
    const [a, b] = [crypto.randomUUID(), crypto.randomUUID()];
    // The admin synced with this tablet first; her next changes stayed unsent when her session ended.
    await pushOk(app, await tokenOf(app, admin), tablet, [makeCreate(1, { id: a })]);
    const staffToken = await tokenOf(app, staff);
    const last = await pushOk(app, staffToken, tablet, [
      { ...makeUpdate(2, a, { phone: '03-1111-2222' }, { phone: '090-1234-5678' }), authorId: admin.id },
      { ...makeCreate(3, { id: b, name: '佐藤 次郎' }), authorId: staff.id },
    ]);
    expect(last).toBe(3);

    const rows = await changeRows();
    expect(rows.map((r) => [r.action, r.username, r.delivered_by_name])).toEqual([
      ['customer.create', 'admin', 'admin'],
      ['customer.update', 'admin', 'staff1'],
      ['customer.create', 'staff1', 'staff1'],
    ]);
    expect(rows[1]).toMatchObject({ user_id: admin.id, delivered_by: staff.id, session_id: await sessionOf(staff.id) });
    // The record says who changed it: the author, not the person who sent it.
    const stored = await db.selectFrom('customers').select(['id', 'updated_by']).where('id', '=', a).executeTakeFirst();
    expect(stored?.updated_by).toBe('admin');
    // The pull is the tablet's, not one person's: the sender sees every change acknowledged.
    expect((await pull(app, staffToken, tablet)).lastMutationId).toBe(3);
  });

  it('lets anyone signed in on the tablet start a heal for it, not only the first person who synced there', async () => {
    const { app, admin, staff } = getCtx();
    const tablet = crypto.randomUUID();
    await pushOk(app, await tokenOf(app, admin), tablet, [makeCreate(1, { id: crypto.randomUUID() })]);
    const res = await syncCall(app, '/api/sync/heal/start', await tokenOf(app, staff), {
      protocolVersion: PROTOCOL_VERSION,
      clientId: tablet,
    });
    expect(res.body.error).toBeNull();
    expect(res.status).toBe(200);
  });

  it('records a change whose author the server does not know, or names no author, as the sender’s', async () => {
    const { app, staff } = getCtx();
    const tablet = crypto.randomUUID();
    const ids = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    await pushOk(app, await tokenOf(app, staff), tablet, [
      { ...makeCreate(1, { id: ids[0]! }), authorId: crypto.randomUUID() },
      makeCreate(2, { id: ids[1]! }),
      // Not a user id at all: read as no author; the push is not refused for it.
      { ...makeCreate(3, { id: ids[2]! }), authorId: 'not-a-uuid' },
      { ...makeCreate(4, { id: ids[3]! }), authorId: 'x'.repeat(5000) },
    ]);
    const rows = await changeRows();
    expect(rows.map((r) => [r.user_id, r.delivered_by])).toEqual(Array(4).fill([staff.id, staff.id]));
  });

  it('names a deleted account as the author of what it made before it was deleted', async () => {
    const { app, db, staff } = getCtx();
    const leaver = await seedUser(db, {
      username: 'leaver',
      email: 'leaver@clinic.local',
      password: 'leaver-password-123',
      role: 'staff',
    });
    await db.updateTable('users').set({ deleted: 1 }).where('id', '=', leaver.id).execute();
    await pushOk(app, await tokenOf(app, staff), crypto.randomUUID(), [
      { ...makeCreate(1, { id: crypto.randomUUID() }), authorId: leaver.id },
    ]);
    expect((await changeRows()).map((r) => [r.username, r.delivered_by_name])).toEqual([['leaver', 'staff1']]);
  });

  it('names the author of a change the server refused, and who sent it', async () => {
    const { app, admin, staff } = getCtx();
    const tablet = crypto.randomUUID();
    await pushOk(app, await tokenOf(app, staff), tablet, [
      {
        id: 1,
        name: 'customer.create',
        clientTime: '2026-11-22T09:14:03.120Z',
        args: { id: 'bad' },
        authorId: admin.id,
      },
    ]);
    const rejected = await listAudit(getCtx().db, { action: 'sync.rejected' });
    expect(rejected.map((r) => [r.user_id, r.delivered_by])).toEqual([[admin.id, staff.id]]);
  });
});
