import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../auth/session-store';
import { mutateAsCurrentUser } from '../../data';
import { localDb } from '../../data/local-db';
import { stopSyncAndWait, wipeLocalData } from '../../sync';
import { TEST_EPOCH, pullOf, serverCustomer } from '../../test-utils/sync-fixtures';
import { adminUser, jsonResponse, loginResponse, ok, sentBody, staffUser } from '../../test-utils/fixtures';
import { renderRoutes } from '../../test-utils/render';
import { withSealedPushes } from '../../test-utils/sealed-server';
import { appRoutes } from '../routes';

const ID1 = '0193a3f0-0000-4000-8000-000000000001';

type Pushed = { clientId: string; mutations: Array<{ id: number; name: string; authorId?: string }> };

/** A server that takes every push and acknowledges it on the next pull, keeping what it was sent. */
function fakeServer() {
  const pushes: Pushed[] = [];
  let acked = 0;
  vi.stubGlobal(
    'fetch',
    withSealedPushes((url: string, init?: RequestInit) => {
      if (url === '/api/sync/register')
        return Promise.resolve(jsonResponse(200, ok({ credential: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' })));
      if (url === '/api/sync/push') {
        const body = JSON.parse(sentBody(init)) as Pushed;
        pushes.push(body);
        acked = Math.max(acked, ...body.mutations.map((m) => m.id));
        return Promise.resolve(jsonResponse(200, ok({ lastMutationId: acked, epoch: TEST_EPOCH })));
      }
      if (url === '/api/sync/pull') {
        // What the server now holds: the patient as the pushed changes made her.
        const customers =
          acked >= 2 ? [serverCustomer({ id: ID1, name: '山田 花子', age: 30, updatedBy: 'admin' })] : [];
        return Promise.resolve(
          jsonResponse(200, ok(pullOf({ cookie: 2, lastMutationId: acked, changes: { customers } }))),
        );
      }
      return Promise.resolve(jsonResponse(404, {}));
    }),
  );
  return pushes;
}

/**
 * A shared tablet (issue 25): one person's changes not yet sent when their session ended are sent by
 * the next person who signs in online, each still naming the person who made it. Nothing is discarded
 * or wiped because someone else signs in.
 */
describe('a second person signing in on a tablet that holds the first one’s unsent changes', () => {
  beforeAll(async () => {
    await Promise.all([
      import('./app-layout'),
      import('../page-frame'),
      import('../../features/dashboard/dashboard-page'),
    ]);
  }, 30_000);
  beforeEach(async () => {
    localStorage.clear();
    await stopSyncAndWait();
    await wipeLocalData();
  });
  afterEach(async () => {
    await stopSyncAndWait();
    sessionStore.end('logout');
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('keeps the outbox and the data, and sends the changes as their author’s', async () => {
    // The administrator works offline; her session ends before anything was sent.
    sessionStore.start(loginResponse({ user: adminUser }));
    await mutateAsCurrentUser('customer.create', { id: ID1, name: '山田 花子', phone: '090-1234-5678' });
    await mutateAsCurrentUser('customer.update', { id: ID1, patch: { age: 30 }, base: { age: null } });
    sessionStore.end('expired');
    expect((await localDb.outbox.toArray()).map((m) => m.authorId)).toEqual([adminUser.id, adminUser.id]);

    // staff1 signs in online on the same tablet.
    const pushes = fakeServer();
    sessionStore.start(loginResponse({ user: staffUser }));
    renderRoutes(appRoutes, '/dashboard');
    await waitFor(async () => expect(await localDb.outbox.count()).toBe(0), { timeout: 10_000 });

    expect(pushes.flatMap((p) => p.mutations.map((m) => [m.id, m.name, m.authorId]))).toEqual([
      [1, 'customer.create', adminUser.id],
      [2, 'customer.update', adminUser.id],
    ]);
    // Nothing asked, nothing wiped: the patient is still on the tablet.
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await localDb.customers.get(ID1)).toMatchObject({ name: '山田 花子', age: 30 });
  }, 20_000); // the whole app renders and syncs: slow on a busy test machine

  it('names the new person as the author of what they change after signing in', async () => {
    sessionStore.start(loginResponse({ user: adminUser }));
    await mutateAsCurrentUser('customer.create', { id: ID1, name: '山田 花子', phone: '090-1234-5678' });
    sessionStore.end('expired');
    sessionStore.start(loginResponse({ user: staffUser }));
    await mutateAsCurrentUser('customer.update', { id: ID1, patch: { age: 41 }, base: { age: null } });
    expect((await localDb.outbox.toArray()).map((m) => [m.id, m.authorId])).toEqual([
      [1, adminUser.id],
      [2, staffUser.id],
    ]);
  });
});
