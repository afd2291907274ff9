import { ACCOUNT_LIMIT_MESSAGES } from '@clinic/sync-protocol';
import { expect, it } from 'vitest';
import { createApp } from '../app';
import { ACCOUNT_LIMITS } from '../http/account-limits';
import { type TestCtx, describeEachDatabase, failure, testConfig } from '../test/harness';
import { CLIENT_TIME, makeCreate, pull, push, tokenOf } from './sync-test-helpers';

const LIMITED = failure('REJECTION_LIMIT', ACCOUNT_LIMIT_MESSAGES.rejections);

/** A change the server refuses, about 1 KB as stored. */
const refused = (id: number) => ({
  id,
  name: 'customer.delete',
  clientTime: CLIENT_TIME,
  args: { id: 12, note: 'x'.repeat(1000) },
});

describeEachDatabase('sync push: caps on stored rejections', (getCtx) => {
  const appWith = (ctx: TestCtx, limits: Partial<typeof ACCOUNT_LIMITS>) =>
    createApp({ db: ctx.db, config: testConfig, accountLimits: { ...ACCOUNT_LIMITS, ...limits } });

  it('stores no more than a push may, commits what came before, and takes the rest on later pushes', async () => {
    const ctx = getCtx();
    const app = appWith(ctx, { rejectionBytesPerPush: 2500 });
    const token = await tokenOf(app, ctx.admin);
    const clientId = crypto.randomUUID();
    const customer = crypto.randomUUID();
    const outbox = [refused(1), makeCreate(2, { id: customer }), refused(3), refused(4), refused(5)];

    const first = await push(app, token, clientId, outbox);
    expect([first.status, first.body]).toEqual([429, LIMITED]);
    let state = await pull(app, token, clientId);
    // Two refusals fit; the valid change between them is applied; nothing of the third is stored.
    expect([state.lastMutationId, state.rejections.map((r) => r.mutationId)]).toEqual([3, [1, 3]]);

    // The device kept its whole outbox and sends it again: what the server has is skipped.
    const again = await push(app, token, clientId, outbox);
    expect([again.status, again.body.data?.lastMutationId]).toEqual([200, 5]);
    state = await pull(app, token, clientId);
    expect([state.lastMutationId, state.rejections.map((r) => r.mutationId)]).toEqual([5, [1, 3, 4, 5]]);
    expect((await ctx.db.selectFrom('customers').select('id').execute()).map((r) => r.id)).toEqual([customer]);
  });

  it('stores no more than an account may in a day, across pushes and devices', async () => {
    const ctx = getCtx();
    const app = appWith(ctx, { rejectionBytesPerDay: 3500 });
    const token = await tokenOf(app, ctx.staff);
    const tablet1 = crypto.randomUUID();
    const tablet2 = crypto.randomUUID();
    expect((await push(app, token, tablet1, [refused(1), refused(2)])).status).toBe(200);
    expect((await push(app, token, tablet2, [refused(1), refused(2)])).body).toEqual(LIMITED);
    expect((await pull(app, token, tablet2)).lastMutationId).toBe(1);
    // Another account has its own day.
    const admin = await tokenOf(app, ctx.admin);
    expect((await push(app, admin, crypto.randomUUID(), [refused(1), refused(2)])).status).toBe(200);
  });
});
