import type { PullRequest, Signer } from '@clinic/sync-protocol';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminUser, staffUser } from '../test-utils/fixtures';
import { TEST_EPOCH, freshDb, pullOf } from '../test-utils/sync-fixtures';
import { VAULT_DB_NAME } from '../vault/keystore-db';
import { UnknownUserError, createKeystore } from '../vault/keystore';
import { SyncEngine } from './engine';
import type { SyncTransport } from './transport';

const escrow = () => new Uint8Array(32).fill(7);
const keystore = createKeystore({ iterations: 1_000 });

/** A server that answers who may sign in from a list the test sets (a deleted user is not on it). */
function serverWith(active: () => Signer[]) {
  const asked: (string[] | undefined)[] = [];
  const transport: SyncTransport = {
    push: () => Promise.resolve({ lastMutationId: 0, epoch: TEST_EPOCH }),
    pull(request: PullRequest) {
      asked.push(request.signers);
      const signers = request.signers ? active().filter((s) => request.signers?.includes(s.id)) : undefined;
      return Promise.resolve({ ...pullOf({ cookie: request.cookie + 1 }), ...(signers ? { signers } : {}) });
    },
  };
  return { transport, asked };
}

describe('the sync tells the tablet who may sign in here', () => {
  beforeEach(async () => {
    await new Promise((resolve) => (indexedDB.deleteDatabase(VAULT_DB_NAME).onsuccess = resolve));
  });

  it("drops a deleted person's wrap at the next sync, whoever syncs, and keeps the others'", async () => {
    await keystore.signInOnline(staffUser, 'pass-1234', escrow(), undefined, 'stamp-s');
    await keystore.signInOnline(adminUser, 'admin-pass', escrow(), undefined, 'stamp-a');
    let active: Signer[] = [
      { id: staffUser.id, stamp: 'stamp-s' },
      { id: adminUser.id, stamp: 'stamp-a' },
    ];
    const server = serverWith(() => active);
    const engine = new SyncEngine({
      db: freshDb(),
      transport: server.transport,
      userName: () => 'admin',
      retryWithBackoff: false,
      signers: { known: () => keystore.knownUserIds(), confirm: async (s) => void (await keystore.confirmSigners(s)) },
    });

    await engine.sync();
    expect([...(server.asked[0] ?? [])].sort()).toEqual([adminUser.id, staffUser.id].sort());
    expect((await keystore.signInOffline('staff1', 'pass-1234', 30)).user).toEqual(staffUser);

    active = [{ id: adminUser.id, stamp: 'stamp-a' }]; // the administrator deleted staff1 on the server
    await engine.sync();
    await expect(keystore.signInOffline('staff1', 'pass-1234', 30)).rejects.toBeInstanceOf(UnknownUserError);
    expect((await keystore.signInOffline('admin', 'admin-pass', 30)).user).toEqual(adminUser);
    await engine.sync();
    expect(server.asked.at(-1)).toEqual([adminUser.id]); // staff1 is no longer someone who may sign in here
  });

  it('asks only in the first pull of a round', async () => {
    await keystore.signInOnline(staffUser, 'pass-1234', escrow(), undefined, 'stamp-s');
    const asked: (string[] | undefined)[] = [];
    const transport: SyncTransport = {
      push: () => Promise.resolve({ lastMutationId: 0, epoch: TEST_EPOCH }),
      pull(request) {
        asked.push(request.signers);
        const more = request.cookie < 2;
        return Promise.resolve({
          ...pullOf({ cookie: request.cookie + 1 }),
          hasMore: more,
          ...(request.signers ? { signers: [{ id: staffUser.id, stamp: 'stamp-s' }] } : {}),
        });
      },
    };
    const engine = new SyncEngine({
      db: freshDb(),
      transport,
      userName: () => 'staff1',
      retryWithBackoff: false,
      signers: { known: () => keystore.knownUserIds(), confirm: async (s) => void (await keystore.confirmSigners(s)) },
    });
    await engine.sync();
    expect(asked).toEqual([[staffUser.id], undefined, undefined]);
  });
});
