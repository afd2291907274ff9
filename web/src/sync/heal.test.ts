import type { HealRequest, PullRequest, PushRequest } from '@clinic/sync-protocol';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ClinicDb } from '../data/clinic-db';
import { SyncEngine } from './engine';
import { lastHealReport } from './heal';
import { mutate } from '../data/mutate';
import { freshDb, pullOf, serverCustomer, serverVisit } from '../test-utils/sync-fixtures';
import { type SyncTransport, SyncTransportError } from './transport';

const [A, B, C, V] = [
  '0193a3f0-0000-4000-8000-00000000000a',
  '0193a3f0-0000-4000-8000-00000000000b',
  '0193a3f0-0000-4000-8000-00000000000c',
  '0193a3f0-0000-4000-8000-0000000000a1',
];
const NEW_EPOCH = 'epoch-after-restore';

/**
 * A server restored from a backup taken at version 5 of epoch-1: it answers from NEW_EPOCH, refuses
 * pushes naming epoch-1, and records what the device sends again.
 */
function restoredServer() {
  const calls: string[] = [];
  const sent: HealRequest[] = [];
  const state = { failSendOnce: null as string | null };
  const transport: SyncTransport = {
    push(request: PushRequest) {
      calls.push(`push ${request.epoch} ${request.mutations.map((m) => m.id).join(',')}`);
      if (request.epoch !== NEW_EPOCH)
        return Promise.reject(new SyncTransportError('refused', 'epoch', 'EPOCH_CHANGED'));
      return Promise.resolve({ lastMutationId: request.mutations.at(-1)!.id, epoch: NEW_EPOCH });
    },
    pull(request: PullRequest) {
      calls.push(`pull ${request.cookie}`);
      return Promise.resolve(pullOf({ cookie: 1, lastMutationId: 0, epoch: NEW_EPOCH }));
    },
    heal: {
      start() {
        calls.push('heal start');
        return Promise.resolve({
          epoch: NEW_EPOCH,
          startedAt: '2026-11-26T03:00:00.000Z',
          restoredFrom: { epoch: 'epoch-1', version: 5 },
        });
      },
      send(request) {
        if (state.failSendOnce === request.table) {
          state.failSendOnce = null;
          return Promise.reject(new SyncTransportError('network', 'offline'));
        }
        calls.push(`heal ${request.table}`);
        sent.push(request);
        return Promise.resolve({
          epoch: NEW_EPOCH,
          inserted: request.rows.length,
          replaced: 0,
          unchanged: 0,
          kept: 0,
          refused: 0,
          missingFiles: [],
        });
      },
      finish(request) {
        calls.push(`heal finish ${request.lastMutationId}`);
        return Promise.resolve({ epoch: NEW_EPOCH, lastMutationId: request.lastMutationId });
      },
    },
  };
  return { transport, calls, sent, state };
}

describe('healing a restored server', () => {
  let db: ClinicDb;
  let server: ReturnType<typeof restoredServer>;

  /** The device synced with epoch-1 up to version 7 (none of its own mutations yet), then edited B and made C offline. */
  beforeEach(async () => {
    db = freshDb();
    const before: SyncTransport = {
      push: (r) => Promise.resolve({ lastMutationId: r.mutations.at(-1)!.id, epoch: 'epoch-1' }),
      pull: () =>
        Promise.resolve(
          pullOf({
            cookie: 7,
            lastMutationId: 0,
            epoch: 'epoch-1',
            changes: {
              customers: [serverCustomer({ id: A, version: 4 }), serverCustomer({ id: B, version: 6, chartNumber: 2 })],
              visits: [serverVisit({ id: V, customerId: B, version: 7 })],
            },
          }),
        ),
    };
    await new SyncEngine({ db, transport: before, userName: () => 'staff1', retryWithBackoff: false }).sync();
    await mutate(
      db,
      'customer.update',
      { id: B, patch: { address: '大阪府' }, base: { address: '' } },
      { userName: 'staff1' },
    );
    await mutate(db, 'customer.create', { id: C, name: '新規 花子', phone: '03-0000-0000' }, { userName: 'staff1' });
    server = restoredServer();
  });

  it('sends what the backup lacks as the server last had it, then the outbox, then pulls from the start', async () => {
    await new SyncEngine({ db, transport: server.transport, userName: () => 'staff1', retryWithBackoff: false }).sync();

    const firstPush = server.calls.indexOf('push epoch-1 1,2');
    // Refused for its epoch, the round heals first; the outbox then goes on under the new epoch.
    expect(server.calls.slice(firstPush)).toEqual([
      'push epoch-1 1,2',
      'heal start',
      'heal customers',
      'heal visits',
      'heal finish 0',
      `push ${NEW_EPOCH} 1,2`,
      'pull 0',
    ]);
    // A (version 4) is in the backup; B goes as the server had it (not with the pending edit); C was never on the server.
    expect(server.sent.map((r) => [r.table, r.rows.map((row) => (row as { id: string }).id)])).toEqual([
      ['customers', [B]],
      ['visits', [V]],
    ]);
    expect(server.sent[0]!.rows[0]).toMatchObject({ id: B, address: '', version: 6 });
    expect(server.sent[0]!.rows[0]).not.toHaveProperty('pending');
    expect(await lastHealReport(db)).toMatchObject({ epoch: NEW_EPOCH, inserted: 2 });
    expect((await db.meta.get('epoch'))?.value).toBe(NEW_EPOCH);
  });

  it('resumes after a lost network where it stopped, without sending a finished table again', async () => {
    server.state.failSendOnce = 'visits';
    const engine = new SyncEngine({
      db,
      transport: server.transport,
      userName: () => 'staff1',
      retryWithBackoff: false,
    });
    await engine.sync();
    expect(server.calls.filter((c) => c.startsWith('heal '))).toEqual(['heal start', 'heal customers']);
    expect(await db.meta.get('heal')).toBeDefined();

    await engine.sync();
    expect(server.calls.filter((c) => c.startsWith('heal '))).toEqual([
      'heal start',
      'heal customers',
      'heal start',
      'heal visits',
      'heal finish 0',
    ]);
    expect(await db.meta.get('heal')).toBeUndefined();
  });
});
