import {
  EPOCH_CHANGED_CODE,
  MAX_MUTATIONS_PER_PUSH,
  MAX_SIGNERS,
  PROTOCOL_VERSION,
  type PushRequest,
  type Signer,
} from '@clinic/sync-protocol';
import type { ClinicDb } from '../data/clinic-db';
import { onTableChanges } from '../data/table-changes';
import { applyPull } from './apply-pull';
import { EpochMoved, adoptEpoch, getEpoch, healIfNeeded, markHealNeeded } from './heal';
import { getClientId, getCookie, getLastSyncedAt } from '../data/meta';
import { adoptProtocolVersion } from './protocol-upgrade';
import { type StatusStore, createStatusStore, initialSyncStatus, refreshCounts } from './sync-status';
import { type SyncTransport, SyncTransportError } from './transport';
import { COUNTED_TABLES } from './pending-count';

export const PULL_INTERVAL_MS = 30_000;
const MAX_BACKOFF_MS = 60_000;

export type SyncEngineDeps = {
  db: ClinicDb;
  transport: SyncTransport;
  userName: () => string | null;
  isOnline?: () => boolean;
  /**
   * The pushes of the whole outbox, when one could not go for the network: handed to the service worker's
   * sealed queue, which sends them when the network returns, even with the app closed (issue 37).
   */
  onPushNetworkFailure?: (requests: PushRequest[]) => void | Promise<void>;
  /** Every push of the outbox went through: what the worker still holds is only old copies. */
  onPushedAll?: () => void;
  /** Retry failed rounds with backoff (default). Tests that drive every round themselves turn it off. */
  retryWithBackoff?: boolean;
  /** Where the state goes; the page passes its own (page-status.ts), which exists before the engine loads. */
  status?: StatusStore;
  /** After each round that pushed and pulled without error (the device's audit events go then). */
  afterSync?: () => void;
  /**
   * Who may sign in on this device: asked about in each round's first pull, and told the server's answer
   * (the keystore then drops the wraps of people deleted or whose password changed; issue 34).
   */
  signers?: { known: () => Promise<string[]>; confirm: (signers: Signer[]) => Promise<void> };
};

/**
 * Carries the outbox to the server and server changes to the device (DESIGN.md "Transport").
 * One run at a time; asking while a run is under way makes it go round once more.
 */
export class SyncEngine {
  readonly status: StatusStore;
  private running: Promise<void> | null = null;
  private again = false;
  private failures = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private stops: Array<() => void> = [];
  /** Bumped by stop(): a round that began before it schedules no retry after it (a logout's wipe). */
  private stopCount = 0;

  constructor(private readonly deps: SyncEngineDeps) {
    this.status = deps.status ?? createStatusStore(initialSyncStatus(deps.isOnline?.() ?? true));
  }

  /** Starts the schedule: now, on focus, when the network returns, after local changes, every 30 s. */
  start(): void {
    const request = () => void this.sync();
    const onOnline = () => {
      this.status.set({ online: true });
      request();
    };
    const onOffline = () => this.status.set({ online: false });
    const onVisible = () => document.visibilityState === 'visible' && request();
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
    window.addEventListener('focus', request);
    document.addEventListener('visibilitychange', onVisible);
    const interval = setInterval(request, PULL_INTERVAL_MS);
    // The newest outbox entry seen: a write naming a newer one is a change queued (here or in another
    // tab), sent at once; a pull's acknowledgement deletes a range of entries and sends nothing.
    let newest = 0;
    const unwatch = onTableChanges(this.deps.db, (changes) => {
      const outbox = changes.get('outbox');
      if (COUNTED_TABLES.some((table) => changes.has(table))) void this.refreshCounts();
      if (!outbox || outbox === 'all') return;
      const queued = Math.max(...outbox.map(Number));
      if (queued > newest) {
        newest = queued;
        request();
      }
    });
    this.stops.push(
      () => window.removeEventListener('online', onOnline),
      () => window.removeEventListener('offline', onOffline),
      () => window.removeEventListener('focus', request),
      () => document.removeEventListener('visibilitychange', onVisible),
      () => clearInterval(interval),
      unwatch,
    );
    void this.refreshCounts();
    request();
  }

  stop(): void {
    this.stopCount += 1;
    for (const stop of this.stops.splice(0)) stop();
    this.clearRetry();
  }

  private clearRetry(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  /** Push what is pending, then pull until caught up. Resolves when this round is done. */
  sync(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.loop().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** Resolves once no round is under way (including one asked for while waiting). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async loop(): Promise<void> {
    const stopsBefore = this.stopCount;
    // A restored server sends a round back to the heal; more than a few in one loop means it cannot heal.
    let epochMoves = 0;
    do {
      this.again = false;
      this.status.set({ syncing: true });
      try {
        await healIfNeeded(this.deps.db, this.deps.transport.heal, await getClientId(this.deps.db));
        await this.pushAll();
        await this.pullAll();
        this.failures = 0;
        this.clearRetry();
        // The server answered, but the browser may have reported the network gone while it did: a round that
        // ends after that must not put オンライン back on a tablet that has lost its Wi-Fi.
        this.status.set({ online: this.deps.isOnline?.() ?? true, error: null });
        this.deps.afterSync?.();
      } catch (error) {
        if (isEpochMove(error) && epochMoves++ < 3) {
          await markHealNeeded(this.deps.db);
          this.again = true;
          continue;
        }
        this.onFailure(error, this.stopCount !== stopsBefore);
        break;
      } finally {
        this.status.set({ syncing: false });
        await this.refreshCounts();
      }
    } while (this.again);
  }

  private async pushAll(): Promise<void> {
    const { transport } = this.deps;
    let after = 0;
    for (;;) {
      const request = await this.pushAfter(after);
      if (!request) {
        if (after > 0) this.deps.onPushedAll?.();
        return;
      }
      try {
        await transport.push(request);
      } catch (error) {
        if (error instanceof SyncTransportError && error.kind === 'network') await this.handOver();
        throw error;
      }
      after = request.mutations[request.mutations.length - 1]!.id;
    }
  }

  /** The push of the outbox entries after `after` (at most a push's worth), or null when none wait. */
  private async pushAfter(after: number): Promise<PushRequest | null> {
    const { db } = this.deps;
    const mutations = await db.outbox.where('id').above(after).limit(MAX_MUTATIONS_PER_PUSH).toArray();
    if (mutations.length === 0) return null;
    const epoch = await getEpoch(db);
    return {
      protocolVersion: PROTOCOL_VERSION,
      clientId: await getClientId(db),
      mutations,
      ...(epoch === undefined ? {} : { epoch }),
    };
  }

  /**
   * The whole outbox, from its start, as pushes for the worker: each set replaces the one before, which it
   * contains (an entry leaves the outbox only once the server has it). Never rejects: the outbox keeps all.
   */
  private async handOver(): Promise<void> {
    const hand = this.deps.onPushNetworkFailure;
    if (!hand) return;
    try {
      const requests: PushRequest[] = [];
      for (let request = await this.pushAfter(0); request;) {
        requests.push(request);
        request = await this.pushAfter(request.mutations[request.mutations.length - 1]!.id);
      }
      await hand(requests);
    } catch {
      // The worker's queue is a second chance only; the page sends the outbox itself when it can.
    }
  }

  private async pullAll(): Promise<void> {
    const { db, transport } = this.deps;
    const clientId = await getClientId(db);
    await adoptProtocolVersion(db);
    const signers = this.deps.signers;
    let asked = ((await signers?.known().catch(() => [])) ?? []).slice(0, MAX_SIGNERS);
    for (;;) {
      const cookie = await getCookie(db);
      const response = await transport.pull({
        protocolVersion: PROTOCOL_VERSION,
        clientId,
        cookie,
        ...(asked.length > 0 ? { signers: asked } : {}),
      });
      // The server's word on who may sign in goes to the keystore once per round, whatever the page holds.
      if (asked.length > 0 && response.signers) await signers?.confirm(response.signers).catch(() => undefined);
      asked = [];
      // Rows of another epoch are not applied: the server went back in time and must be healed first.
      const epoch = await getEpoch(db);
      if (epoch === undefined) await adoptEpoch(db, response.epoch);
      else if (epoch !== response.epoch) throw new EpochMoved();
      await applyPull(db, response, this.deps.userName());
      this.status.set({ lastSyncedAt: await getLastSyncedAt(db) });
      if (!response.hasMore) return;
    }
  }

  private onFailure(error: unknown, stoppedMeanwhile: boolean): void {
    const kind = error instanceof SyncTransportError ? error.kind : 'server';
    const message = error instanceof Error ? error.message : '同期に失敗しました';
    this.status.set({ error: message, ...(kind === 'network' ? { online: false } : {}) });
    if (error instanceof SyncTransportError && error.code === 'PROTOCOL_UNSUPPORTED')
      this.status.set({ updateRequired: true });
    // A refused or unauthenticated sync waits for the person (or a new login); the rest retry with backoff.
    // A round that was under way when the engine stopped (a logout) schedules nothing.
    if (kind === 'refused' || kind === 'auth' || this.deps.retryWithBackoff === false || stoppedMeanwhile) return;
    this.failures += 1;
    const delay = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** (this.failures - 1));
    this.clearRetry();
    this.retryTimer = setTimeout(() => void this.sync(), delay);
  }

  /** See refreshCounts in sync-status.ts; never rejects. */
  refreshCounts(): Promise<void> {
    return refreshCounts(this.deps.db, this.status);
  }
}

/** The server answered from another epoch than the device's: a pull saw it, or a push or heal was refused for it. */
function isEpochMove(error: unknown): boolean {
  return error instanceof EpochMoved || (error instanceof SyncTransportError && error.code === EPOCH_CHANGED_CODE);
}
