import { DEVICE_CREDENTIAL_HEADER, PROTOCOL_VERSION } from '@clinic/sync-protocol';
import { expect, it } from 'vitest';
import { listAudit } from '../audit/audit.repository';
import { call, describeEachDatabase, failure } from '../test/harness';
import { makeCreate, pull, pushOk, tokenOf } from './sync-test-helpers';

const INVALID = failure(
  'DEVICE_CREDENTIAL_INVALID',
  'この端末の同期の登録を確認できませんでした。この端末から同期することはできません。管理者に連絡してください。',
);

describeEachDatabase("a tablet's sync id belongs to the tablet (issue 34)", (getCtx) => {
  const raw = (path: string, token: string, body: Record<string, unknown>, credential?: string) =>
    call(getCtx().app, 'POST', `/api/sync/${path}`, {
      token,
      body: { protocolVersion: PROTOCOL_VERSION, ...body },
      headers: credential ? { [DEVICE_CREDENTIAL_HEADER]: credential } : {},
    });

  it('cannot be silenced by another account: junk pushed on its id is refused, and its real change is applied', async () => {
    const { app, admin, staff } = getCtx();
    const tabletToken = await tokenOf(app, admin);
    const tablet = crypto.randomUUID();
    const ids = Array.from({ length: 8 }, () => crypto.randomUUID());
    await pushOk(
      app,
      tabletToken,
      tablet,
      ids.slice(0, 7).map((id, i) => makeCreate(i + 1, { id })),
    );

    // Another account names the tablet's id: nothing is revealed, nothing advances, with or without a guess.
    const attacker = await tokenOf(app, staff);
    const peek = await raw('push', attacker, { clientId: tablet, mutations: [] });
    expect([peek.status, peek.body]).toEqual([403, INVALID]);
    const junk = Array.from({ length: 20 }, (_, i) => ({
      id: 8 + i,
      name: 'customer.delete',
      clientTime: '2026-12-01T09:00:00.000Z',
      args: { id: crypto.randomUUID() },
    }));
    expect((await raw('push', attacker, { clientId: tablet, mutations: junk })).status).toBe(403);
    const guessed = 'A'.repeat(43);
    expect((await raw('push', attacker, { clientId: tablet, mutations: junk }, guessed)).body).toEqual(INVALID);
    expect((await raw('pull', attacker, { clientId: tablet, cookie: 0 }, guessed)).status).toBe(403);
    expect((await raw('heal/start', attacker, { clientId: tablet })).status).toBe(403);

    // The tablet's own next change, id 8, is applied and readable.
    expect(await pushOk(app, tabletToken, tablet, [makeCreate(8, { id: ids[7]! })])).toBe(8);
    const got = await call(app, 'GET', `/api/customers/${ids[7]!}`, { token: tabletToken });
    expect(got.status).toBe(200);
    expect((await pull(app, tabletToken, tablet)).lastMutationId).toBe(8);

    // Every refusal is in the access log, naming who tried and the tablet.
    const refused = await listAudit(getCtx().db, { action: 'device_credential_refused' });
    expect(refused.length).toBe(5);
    expect(refused.every((row) => row.entity_id === tablet && row.user_id === staff.id)).toBe(true);
  });

  it('lets anyone on the staff sync on the tablet with its credential: it is the tablet’s, not a person’s', async () => {
    const { app, admin, staff } = getCtx();
    const tablet = crypto.randomUUID();
    const registered = await raw('register', await tokenOf(app, admin), { clientId: tablet });
    expect(registered.status).toBe(200);
    const credential = registered.body.data.credential as string;
    expect(credential).toMatch(/^[\w-]{43}$/);
    const asStaff = await raw('pull', await tokenOf(app, staff), { clientId: tablet, cookie: 0 }, credential);
    expect(asStaff.status).toBe(200);
    expect((await listAudit(getCtx().db, { action: 'device_register' })).map((r) => r.entity_id)).toContain(tablet);
  });

  it('registers an id once: a second registration is refused, and the stored credential is only a hash', async () => {
    const { app, db, admin, staff } = getCtx();
    const tablet = crypto.randomUUID();
    const first = await raw('register', await tokenOf(app, admin), { clientId: tablet });
    const second = await raw('register', await tokenOf(app, staff), { clientId: tablet });
    expect(second.status).toBe(403);
    expect(second.body.code).toBe('DEVICE_ALREADY_REGISTERED');
    const row = await db
      .selectFrom('sync_clients')
      .selectAll()
      .where('client_id', '=', tablet)
      .executeTakeFirstOrThrow();
    expect(row.credential_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(first.body.data.credential as string);
  });

  it('asks a device from before credentials to register, and keeps its progress when it does', async () => {
    const { app, db, admin } = getCtx();
    const token = await tokenOf(app, admin);
    const tablet = crypto.randomUUID();
    await pushOk(app, token, tablet, [makeCreate(1, { id: crypto.randomUUID() })]);
    await db.updateTable('sync_clients').set({ credential_hash: null }).where('client_id', '=', tablet).execute();
    const without = await raw('pull', token, { clientId: tablet, cookie: 0 });
    expect([without.status, without.body.code]).toEqual([403, 'DEVICE_NOT_REGISTERED']);
    const registered = await raw('register', token, { clientId: tablet });
    const pulled = await raw('pull', token, { clientId: tablet, cookie: 0 }, registered.body.data.credential as string);
    expect([pulled.status, pulled.body.data.lastMutationId]).toEqual([200, 1]);
  });

  it('takes the credential of a device a restored server does not know, as a registration', async () => {
    const { app, db, admin, staff } = getCtx();
    const token = await tokenOf(app, admin);
    const tablet = crypto.randomUUID();
    const credential = (await raw('register', token, { clientId: tablet })).body.data.credential as string;
    await db.deleteFrom('sync_clients').where('client_id', '=', tablet).execute(); // the backup predates it
    expect((await raw('pull', token, { clientId: tablet, cookie: 0 }, credential)).status).toBe(200);
    expect((await raw('pull', await tokenOf(app, staff), { clientId: tablet, cookie: 0 }, 'B'.repeat(43))).status).toBe(
      403,
    );
  });
});
