import { CUSTOMER_MESSAGES, LOGIN_MESSAGES } from '@clinic/sync-protocol';
import { expect, it } from 'vitest';
import { makeCreate, pull, pushOk, tokenOf } from '../sync/sync-test-helpers';
import { call, describeEachDatabase, failure, loginRaw } from '../test/harness';

/**
 * Input made to make a pattern backtrack answers at once (issue 22): "a@" + 120,000 dots once held the
 * whole server 68 s in the e-mail pattern of the login, and a long customer e-mail did the same through
 * the REST route and the sync args. The server runs one request at a time on one thread, so "quickly"
 * here means it never stalls every other user. Generous bounds, far from the minutes the old code took: they
 * include the database's writes on a shared CI machine, where a PostgreSQL write can wait a second.
 */
const QUICK_MS = 3_000;
/** About 1 MB: an e-mail as long as the REST body limit (1 MiB) lets through with the other fields. */
const hostileEmail = (dots: number) => `a@${'.'.repeat(dots)}@`;

async function timed<T>(request: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const start = performance.now();
  const result = await request();
  return { ms: performance.now() - start, result };
}

describeEachDatabase('hostile patterns', (getCtx) => {
  const hanako = { name: '山田 花子', phone: '090-1234-5678' };
  const customers = () => getCtx().db.selectFrom('customers').selectAll().execute();

  it('a login whose id is "a@" + 120,000 dots is refused at once', async () => {
    const { app } = getCtx();
    const { ms, result } = await timed(() => loginRaw(app, hostileEmail(120_000), 'whatever-password-1'));
    expect([400, 401]).toContain(result.status);
    expect(result.body.message).toBe(LOGIN_MESSAGES.idInvalid);
    expect(ms).toBeLessThan(QUICK_MS);
  });

  it('a 1 MB customer e-mail sent to the REST route is refused at once with the field message, storing nothing', async () => {
    const { app, admin } = getCtx();
    const token = await tokenOf(app, admin);
    const { ms, result } = await timed(() =>
      call(app, 'POST', '/api/customers', { token, body: { ...hanako, email: hostileEmail(1_000_000) } }),
    );
    expect(result.status).toBe(400);
    expect(result.body).toEqual(failure('VALIDATION_ERROR', CUSTOMER_MESSAGES.emailInvalid));
    expect(ms).toBeLessThan(QUICK_MS);
    expect(await customers()).toEqual([]);
  });

  it('a 1 MB customer e-mail in sync push args becomes a rejection at once, storing nothing', async () => {
    const { app, admin } = getCtx();
    const token = await tokenOf(app, admin);
    const clientId = crypto.randomUUID();
    const create = makeCreate(1, { id: crypto.randomUUID(), email: hostileEmail(1_000_000) });
    const { ms, result } = await timed(() => pushOk(app, token, clientId, [create]));
    expect(result).toBe(1);
    expect(ms).toBeLessThan(2 * QUICK_MS); // the push also writes the rejection and its audit row
    const { rejections } = await pull(app, token, clientId);
    expect(rejections.map((r) => r.reason)).toEqual([CUSTOMER_MESSAGES.emailInvalid]);
    expect(await customers()).toEqual([]);
  });
});
