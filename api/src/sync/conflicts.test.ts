import { expect, it } from 'vitest';
import { CUSTOMER_REJECTIONS } from '../customers/customer.mutators';
import { call, describeEachDatabase } from '../test/harness';
import { REJECTION_MESSAGES } from './mutator-context';
import { makeCreate, makeDelete, makeUpdate, pull, pushOk, tokenOf } from './sync-test-helpers';

const OLD = { name: '山田 花子', phone: '090-1234-5678', email: 'old@example.jp' };

describeEachDatabase('sync conflicts', (getCtx) => {
  /** The admin creates one customer on their device; the staff has a device of their own. */
  async function setup() {
    const { app, staff, db } = getCtx();
    const admin = { token: await tokenOf(app, getCtx().admin), clientId: crypto.randomUUID(), next: 1 };
    const other = { token: await tokenOf(app, staff), clientId: crypto.randomUUID(), next: 1 };
    const id = crypto.randomUUID();
    await pushOk(app, admin.token, admin.clientId, [makeCreate(admin.next++, { id, ...OLD })]);
    const row = async () => db.selectFrom('customers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const conflictCount = async () => (await db.selectFrom('sync_conflicts').select('id').execute()).length;
    return { app, admin, other, id, row, conflictCount };
  }

  it('logs no conflict when an update is based on the current value', async () => {
    const { app, admin, other, id, row, conflictCount } = await setup();
    const before = await row();
    await pushOk(app, other.token, other.clientId, [
      makeUpdate(other.next++, id, { phone: '03-5555-6666' }, { phone: OLD.phone }),
    ]);
    expect(await row()).toMatchObject({ phone: '03-5555-6666', updated_by: 'staff1' });
    expect(Number((await row()).version)).toBeGreaterThan(Number(before.version));
    expect(await conflictCount()).toBe(0);
    expect((await pull(app, admin.token, admin.clientId)).conflicts).toEqual([]);
  });

  it('keeps both edits, without a conflict, when two devices change different fields of the same old row', async () => {
    const { app, admin, other, id, row, conflictCount } = await setup();
    await pushOk(app, admin.token, admin.clientId, [
      makeUpdate(admin.next++, id, { phone: '03-1111-1111' }, { phone: OLD.phone }),
    ]);
    await pushOk(app, other.token, other.clientId, [
      makeUpdate(other.next++, id, { email: 'new@example.jp' }, { email: OLD.email }),
    ]);
    expect(await row()).toMatchObject({ name: OLD.name, phone: '03-1111-1111', email: 'new@example.jp' });
    expect(await conflictCount()).toBe(0);
  });

  it('applies same-field edits in arrival order and logs the overwritten value as a conflict', async () => {
    const { app, admin, other, id, row } = await setup();
    await pushOk(app, admin.token, admin.clientId, [
      makeUpdate(admin.next++, id, { phone: '03-1111-1111' }, { phone: OLD.phone }),
    ]);
    const { cookie } = await pull(app, other.token, other.clientId);
    await pushOk(app, other.token, other.clientId, [
      makeUpdate(other.next++, id, { phone: '03-2222-2222' }, { phone: OLD.phone }),
    ]);
    expect(await row()).toMatchObject({ phone: '03-2222-2222', updated_by: 'staff1' });

    const expected = {
      table: 'customers',
      recordId: id,
      field: 'phone',
      overwritten: '03-1111-1111',
      value: '03-2222-2222',
      by: 'staff1',
      overwrittenBy: 'admin',
    };
    for (const [token, clientId, from] of [
      [admin.token, admin.clientId, 0],
      [other.token, other.clientId, cookie],
    ] as const) {
      const { conflicts } = await pull(app, token, clientId, from);
      expect(conflicts).toHaveLength(1);
      expect(conflicts[0]).toMatchObject(expected);
      expect(conflicts[0]!.at).toMatch(/^\d{4}-\d\d-\d\dT/);
    }
    // The record's REST view shows the conflict too.
    const shown = await call(app, 'GET', `/api/customers/${id}`, { token: admin.token });
    expect(shown.body.data.conflicts).toEqual([expect.objectContaining(expected)]);
  });

  it('logs no conflict when the stale edit writes the value the server already has', async () => {
    const { app, admin, other, id, conflictCount } = await setup();
    await pushOk(app, admin.token, admin.clientId, [
      makeUpdate(admin.next++, id, { phone: '03-1111-1111' }, { phone: OLD.phone }),
    ]);
    await pushOk(app, other.token, other.clientId, [
      makeUpdate(other.next++, id, { phone: '03-1111-1111' }, { phone: OLD.phone }),
    ]);
    expect(await conflictCount()).toBe(0);
  });

  it('rejects an update or delete of a record deleted elsewhere', async () => {
    const { app, admin, other, id, row } = await setup();
    await pushOk(app, admin.token, admin.clientId, [makeDelete(admin.next++, id)]);
    const deleted = await row();
    const update = makeUpdate(other.next++, id, { phone: '03-2222-2222' }, { phone: OLD.phone });
    const remove = makeDelete(other.next++, id);
    expect(await pushOk(app, other.token, other.clientId, [update, remove])).toBe(2);

    expect(await row()).toEqual(deleted);
    const { rejections } = await pull(app, other.token, other.clientId);
    expect(rejections.map(({ at: _at, ...r }) => r)).toEqual([
      { mutationId: 1, name: 'customer.update', args: update.args, reason: REJECTION_MESSAGES.deletedElsewhere },
      { mutationId: 2, name: 'customer.delete', args: remove.args, reason: REJECTION_MESSAGES.deletedElsewhere },
    ]);
  });

  it('rejects an update of an unknown record and a create with an existing id', async () => {
    const { app, other, id, row } = await setup();
    const before = await row();
    const duplicate = makeCreate(other.next++, { id, name: '別人', phone: '03-9999-9999' });
    const unknown = makeUpdate(other.next++, crypto.randomUUID(), { name: '誰か' });
    await pushOk(app, other.token, other.clientId, [duplicate, unknown]);

    expect(await row()).toEqual(before);
    const { rejections } = await pull(app, other.token, other.clientId);
    expect(rejections.map((r) => [r.mutationId, r.reason])).toEqual([
      [1, CUSTOMER_REJECTIONS.exists],
      [2, CUSTOMER_REJECTIONS.notFound],
    ]);
  });
});
