import { sendAuditEvents } from '../audit-events';
import { sessionStore } from '../auth/session-store';
import { createKeystore } from '../vault/keystore';
import { SyncEngine } from './engine';
import { httpTransport, register } from './http-transport';
import { askWorkerToReplay, clearWorkerQueue, onWorkerReplayed, queueInWorker } from './sw-bridge';
import { localDb } from '../data/local-db';
import { syncStatus } from './page-status';
import { runUploader } from '../media/uploader';
import { kickUploads } from '../media/upload-kick';

/*
 * The sync engine with what it alone needs (the HTTP transport, the pull's checks, the mutators): loaded
 * by runtime.ts on first use, so the first screen paints without it.
 */

/** The people who may sign in here (vault/keystore): the pull asks the server about them. */
const keystore = createKeystore();

export const engine = new SyncEngine({
  db: localDb,
  transport: httpTransport,
  userName: () => sessionStore.get()?.user.username ?? null,
  isOnline: () => navigator.onLine,
  status: syncStatus,
  // A push that cannot go now also waits, sealed for the server, in the service worker (issue 37).
  onPushNetworkFailure: (requests) => queueInWorker(localDb, requests, register),
  onPushedAll: clearWorkerQueue,
  afterSync: () => void sendAuditEvents(),
  signers: {
    known: () => keystore.knownUserIds(),
    confirm: async (signers) => void (await keystore.confirmSigners(signers)),
  },
});

/** Starts the engine's schedule and the uploads; returns how to stop them. */
export function runEngine(): () => void {
  engine.start();
  // What the worker delivered shows at once; when the network returns, the worker goes too.
  const stopReplayed = onWorkerReplayed(() => void engine.sync());
  window.addEventListener('online', askWorkerToReplay);
  // Photos and videos follow their records: a file is sent once the server holds its record.
  const stopUploader = runUploader({
    db: localDb,
    isOnline: () => navigator.onLine,
    afterUpload: () => void engine.sync(),
  });
  const stopKickOnSync = syncStatus.subscribe(() => kickUploads());
  return () => {
    stopUploader();
    stopReplayed();
    window.removeEventListener('online', askWorkerToReplay);
    stopKickOnSync();
    engine.stop();
  };
}
