import { PROTOCOL_UNSUPPORTED_MESSAGE, PROTOCOL_VERSION, type PullRequest } from '@clinic/sync-protocol';
import { describe, expect, it, vi } from 'vitest';
import { SyncEngine } from './engine';
import { mutate } from '../data/mutate';
import { adoptProtocolVersion } from './protocol-upgrade';
import { TEST_EPOCH, freshDb, pullOf, serverCustomer } from '../test-utils/sync-fixtures';
import { type SyncTransport, SyncTransportError } from './transport';

const A = '0193a3f0-0000-4000-8000-00000000000a';
const B = '0193a3f0-0000-4000-8000-00000000000b';

function engineWith(db: ReturnType<typeof freshDb>, transport: SyncTransport) {
  return new SyncEngine({ db, transport, userName: () => 'staff1', retryWithBackoff: false });
}

describe('protocol version on the device', () => {
  it('re-pulls from the start once when the app version changes, keeping the outbox and pending rows', async () => {
    const db = freshDb();
    // A device that synced with an older version: rows, a cookie, and a change not yet sent.
    await db.customers.put({ ...serverCustomer({ id: A, version: 40 }), pending: 0 });
    await db.meta.bulkPut([
      { key: 'cookie', value: 42 },
      { key: 'protocolVersion', value: PROTOCOL_VERSION - 1 },
    ]);
    await mutate(db, 'customer.create', { id: B, name: '新規 太郎', phone: '03-1234-5678' }, { userName: 'staff1' });

    const pulls: PullRequest[] = [];
    const transport: SyncTransport = {
      push: vi.fn(() => Promise.resolve({ lastMutationId: 0, epoch: TEST_EPOCH })), // the server has not applied it yet
      pull: vi.fn((request: PullRequest) => {
        pulls.push(request);
        return Promise.resolve(
          pullOf({
            cookie: 50,
            changes: { customers: [serverCustomer({ id: A, address: '新しい住所', version: 40 })] },
          }),
        );
      }),
    };
    const engine = engineWith(db, transport);
    await engine.sync();
    await engine.sync();

    expect(pulls.map((p) => p.cookie)).toEqual([0, 50]);
    expect(await db.customers.get(A)).toMatchObject({ address: '新しい住所' });
    expect(await db.outbox.count()).toBe(1);
    expect(await db.customers.get(B)).toMatchObject({ name: '新規 太郎', pending: 1 });
    expect((await db.meta.get('protocolVersion'))?.value).toBe(PROTOCOL_VERSION);
  });

  it('starts a device that never stored a version from the start, and leaves a current one alone', async () => {
    const db = freshDb();
    await db.meta.put({ key: 'cookie', value: 7 });
    expect(await adoptProtocolVersion(db)).toBe(true);
    expect((await db.meta.get('cookie'))?.value).toBe(0);
    await db.meta.put({ key: 'cookie', value: 9 });
    expect(await adoptProtocolVersion(db)).toBe(false);
    expect((await db.meta.get('cookie'))?.value).toBe(9);
  });

  it('asks for an update when the server no longer serves this version, and loses nothing', async () => {
    const db = freshDb();
    await mutate(db, 'customer.create', { id: A, name: '山田 花子', phone: '090-1234-5678' }, { userName: 'staff1' });
    const refuse = () =>
      Promise.reject(new SyncTransportError('refused', PROTOCOL_UNSUPPORTED_MESSAGE, 'PROTOCOL_UNSUPPORTED'));
    const engine = engineWith(db, { push: refuse, pull: refuse });
    expect(engine.status.get().updateRequired).toBe(false);
    await engine.sync();
    expect(engine.status.get()).toMatchObject({ updateRequired: true, error: PROTOCOL_UNSUPPORTED_MESSAGE });
    expect(await db.outbox.count()).toBe(1);
    expect(await db.customers.get(A)).toMatchObject({ pending: 1 });
  });

  it('does not ask for an update for any other refusal', async () => {
    const db = freshDb();
    const refuse = () =>
      Promise.reject(new SyncTransportError('refused', 'クライアントIDが正しくありません', 'VALIDATION_ERROR'));
    const engine = engineWith(db, { push: refuse, pull: refuse });
    await engine.sync();
    expect(engine.status.get().updateRequired).toBe(false);
  });
});
