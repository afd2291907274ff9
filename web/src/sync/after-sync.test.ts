import type { PullRequest, PushRequest } from '@clinic/sync-protocol';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { recordAuditEvent, sendAuditEvents } from '../audit-events';
import { AuditEventsDb } from '../audit-events/audit-events-db';
import { setAuditEventsDb } from '../audit-events/audit-events-queue';
import { sessionStore } from '../auth/session-store';
import { jsonResponse, loginResponse, ok, sentBody } from '../test-utils/fixtures';
import { SyncEngine } from './engine';
import { freshDb, pullOf } from '../test-utils/sync-fixtures';
import { type SyncTransport, SyncTransportError } from './transport';

// What the device exported waits for a sync that worked: then it goes to the access log (engine-runtime.ts).
let db: AuditEventsDb;
beforeEach(() => {
  db = new AuditEventsDb(`after-sync-${crypto.randomUUID()}`);
  setAuditEventsDb(db);
  sessionStore.start(loginResponse());
  vi.stubGlobal(
    'fetch',
    vi.fn((_url: string, init?: RequestInit) =>
      Promise.resolve(
        jsonResponse(
          200,
          ok({ received: (JSON.parse(sentBody(init)) as { events: { id: string }[] }).events.map((e) => e.id) }),
        ),
      ),
    ),
  );
});
afterEach(async () => {
  sessionStore.end('logout');
  vi.unstubAllGlobals();
  await db.delete();
});

it('sends the device audit events after a round that pushed and pulled, not after one that failed', async () => {
  const state = { failure: null as SyncTransportError | null };
  const transport: SyncTransport = {
    push(request: PushRequest) {
      if (state.failure) return Promise.reject(state.failure);
      return Promise.resolve({ lastMutationId: request.mutations.at(-1)?.id ?? 0, epoch: 'epoch-1' });
    },
    pull(request: PullRequest) {
      if (state.failure) return Promise.reject(state.failure);
      return Promise.resolve(pullOf({ cookie: request.cookie + 1 }));
    },
  };
  const sent: Promise<void>[] = [];
  const engine = new SyncEngine({
    db: freshDb(),
    transport,
    userName: () => 'staff1',
    retryWithBackoff: false,
    afterSync: () => void sent.push(sendAuditEvents()),
  });
  await recordAuditEvent({ kind: 'visits.export', rows: 3, filter: { from: null, to: null, customerId: null } });

  state.failure = new SyncTransportError('network', 'ネットワークエラー');
  await engine.sync();
  expect(sent).toEqual([]);
  expect(await db.events.count()).toBe(1);

  state.failure = null;
  await engine.sync();
  await Promise.all(sent);
  expect(vi.mocked(fetch).mock.calls.map(([url]) => url)).toEqual(['/api/audit-events']);
  expect(await db.events.count()).toBe(0);
});
