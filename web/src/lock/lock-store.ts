import type { User } from '@clinic/sync-protocol';
import { sessionStore } from '../auth/session-store';
import { keepOpenForms, stopKeepingForms } from '../drafts/open-forms';
import { clearDataKey, hasDataKey, setDataKey } from '../vault/data-key';
import { forgetKeyInWorker, keepWorkerAwake, keyFromWorker, lendKeyToWorker } from '../vault/worker-key';
import { INPUT_EVENTS } from './input-events';
import { LOCK_STORAGE_KEY, type LockReason, readLockRecord, writeLockRecord } from './lock-record';

/** Five wrong passwords end the session on the device, as the server's lockout would (spec 5). */
export const MAX_UNLOCK_ATTEMPTS = 5;

export type LockState =
  /** asking the service worker for the key after a reload */
  | { kind: 'starting' }
  /** no cover: the key is in memory, or nobody is signed in (the routes send to login) */
  | { kind: 'open'; userId: string | null }
  /** the cover; `keyHeld`: the idle lock, the app stays mounted below it */
  | { kind: 'locked'; user: User; reason: LockReason; attempts: number; keyHeld: boolean };

type Deps = {
  keyFromWorker: typeof keyFromWorker;
  lendKeyToWorker: typeof lendKeyToWorker;
  forgetKeyInWorker: typeof forgetKeyInWorker;
  keepWorkerAwake: typeof keepWorkerAwake;
  leave: (path: string) => void;
};

export function createLockStore(deps: Deps) {
  // Open until start() (main.tsx, before the first render): screens rendered in tests need no lock.
  let state: LockState = { kind: 'open', userId: null };
  const listeners = new Set<() => void>();
  let stopAwake: (() => void) | null = null;
  /** Open forms being written for their owner as the idle lock came (drafts/): the key waits for them. */
  let keeping: Promise<void> | null = null;
  const set = (next: LockState) => {
    state = next;
    listeners.forEach((listener) => listener());
  };

  const open = () => {
    writeLockRecord(null);
    keeping = null;
    const session = sessionStore.get();
    // Its owner is back at their forms: closing one (saved, cancelled) drops its draft again.
    if (session) stopKeepingForms();
    set({ kind: 'open', userId: session?.user.id ?? null });
    if (hasDataKey()) stopAwake ??= deps.keepWorkerAwake();
  };
  const lock = (user: User, reason: LockReason, keyHeld: boolean, attempts = 0) => {
    writeLockRecord({ user, reason, attempts });
    // A reload while locked must ask for the password: the worker forgets its copy now.
    void deps.forgetKeyInWorker().catch(() => undefined);
    stopAwake?.();
    stopAwake = null;
    set({ kind: 'locked', user, reason, attempts, keyHeld });
  };
  const dropKey = () => {
    clearDataKey();
    void deps.forgetKeyInWorker().catch(() => undefined);
  };

  /** The session ended (sign-out, refusal, expiry): the key goes; an expiry shows the lock. */
  const onSessionChange = () => {
    const { session, endReason } = sessionStore.getState();
    if (session) return;
    if (state.kind === 'locked' && !state.keyHeld) return; // already covered, nothing in memory
    // Ended under an open form: what is typed is taken now and stored (sealed) for its owner, and the
    // key goes once it is (under the idle lock it was taken as the lock came). The app goes at once:
    // without a session it would leave for the login page. Unless its owner unlocked meanwhile.
    const owner = state.kind === 'open' ? state.userId : null;
    const writing = (owner ? keepOpenForms(owner) : null) ?? keeping;
    keeping = null;
    const inUse = state.kind === 'locked' || (state.kind === 'open' && state.userId !== null);
    if (writing) void writing.finally(() => sessionStore.get() || dropKey());
    else dropKey();
    const ended = sessionStore.endedUser();
    if (endReason === 'expired' && ended && inUse) lock(ended, 'expired', false);
    else if (state.kind !== 'open' || state.userId !== null) open();
  };
  let unsubscribe: (() => void) | null = null;

  /** Another tab of the app locked or unlocked: this one follows (the lock is the device's, not the tab's). */
  const onOtherTab = (event: StorageEvent) => {
    if (event.key !== LOCK_STORAGE_KEY && event.key !== null) return;
    const record = readLockRecord();
    const session = sessionStore.get();
    if (record && state.kind === 'open' && session?.user.id === record.user.id && hasDataKey()) {
      keeping = keepOpenForms(session.user.id);
      stopAwake?.();
      stopAwake = null;
      set({ kind: 'locked', user: record.user, reason: record.reason, attempts: record.attempts, keyHeld: true });
    } else if (!record && state.kind === 'locked' && session?.user.id === state.user.id) {
      if (state.keyHeld) return open();
      void deps.keyFromWorker(session.user.id).then((key) => {
        if (!key || state.kind !== 'locked') return;
        setDataKey(key);
        open();
      });
    }
  };
  // The last touch or key since the page started: the idle watch loads later (lock-runtime) and counts from it.
  let lastInput = Date.now();
  const noteInput = () => {
    lastInput = Date.now();
  };

  return {
    getState: (): LockState => state,
    subscribe: (listener: () => void): (() => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** At start: the lock as it was, the key from the worker, or the lock asking for the password. */
    async start(): Promise<void> {
      if (!unsubscribe && typeof window !== 'undefined') {
        INPUT_EVENTS.forEach((type) => window.addEventListener(type, noteInput, { capture: true, passive: true }));
        window.addEventListener('storage', onOtherTab);
      }
      unsubscribe ??= sessionStore.subscribe(onSessionChange);
      const record = readLockRecord();
      const session = sessionStore.get();
      const ended = sessionStore.endedUser();
      if (record && session && session.user.id !== record.user.id)
        writeLockRecord(null); // another person's, stale
      else if (record) {
        lock(record.user, session ? record.reason : 'expired', false, record.attempts);
        return;
      }
      if (!session) {
        if (ended)
          lock(ended, 'expired', false); // the session ended while the app was closed
        else open();
        return;
      }
      set({ kind: 'starting' });
      // Nothing stored on the device opens the key: only the worker's memory (a reload) or a password.
      const key = await deps.keyFromWorker(session.user.id).catch(() => null);
      if (sessionStore.get()?.user.id !== session.user.id) return; // ended meanwhile: onSessionChange decided
      if (key) {
        setDataKey(key);
        await deps.lendKeyToWorker(session.user.id, key, session.expiresAt).catch(() => false);
        open();
      } else {
        lock(session.user, 'reload', false);
      }
    },

    lastInput: (): number => lastInput,

    /** Stops following the session (tests make one store per case). */
    stop(): void {
      INPUT_EVENTS.forEach((type) => window.removeEventListener(type, noteInput, { capture: true }));
      window.removeEventListener('storage', onOtherTab);
      unsubscribe?.();
      unsubscribe = null;
    },

    /** No input for the set minutes: the cover; the key stays in memory (sync may go on). */
    lockIdle(): void {
      const session = sessionStore.get();
      if (state.kind !== 'open' || !session || !hasDataKey()) return;
      // An open form is kept for its owner now, while the key is here: the next person may sign in instead.
      keeping = keepOpenForms(session.user.id);
      lock(session.user, 'idle', true);
    },

    /** ロックする (the avatar menu): the cover now, as after the idle minutes; the key stays, the sync goes on. */
    lockNow(): void {
      this.lockIdle();
    },

    /**
     * 別のユーザーに切り替え (the avatar menu): an open form is kept for its owner, then as the lock's
     * 別のユーザーでサインイン. Unsent changes stay and go with the next person's sync, still theirs.
     */
    switchUser(): void {
      this.lockIdle();
      this.endOnDevice();
    },

    /** The password opened the person's wrap: `key` is the device's key. */
    async unlocked(key: Uint8Array): Promise<void> {
      if (state.kind !== 'locked') return;
      const { user } = state;
      if (!hasDataKey()) setDataKey(key);
      // After a session's end the person goes on as an offline session; reconnecting follows (reconnect.ts).
      const session = sessionStore.get() ?? sessionStore.startOffline(user);
      await deps.lendKeyToWorker(user.id, key, session.expiresAt).catch(() => false);
      open();
    },

    /** A wrong password on the lock; the fifth ends the session on the device. True when it ended. */
    wrongPassword(): boolean {
      if (state.kind !== 'locked') return false;
      const attempts = state.attempts + 1;
      if (attempts >= MAX_UNLOCK_ATTEMPTS) {
        this.endOnDevice();
        return true;
      }
      writeLockRecord({ user: state.user, reason: state.reason, attempts });
      set({ ...state, attempts });
      return false;
    },

    /** After an administrator's wipe (wipe-device.ts dropped everything): to the login page. */
    afterWipe(): void {
      stopAwake?.();
      stopAwake = null;
      // A spinner until the login page loads: the app's own guard must not race this page load.
      set({ kind: 'starting' });
      deps.leave('/login');
    },

    /** 別のユーザーでサインイン, five wrong passwords: key dropped, tokens cleared, to the login page. */
    endOnDevice(): void {
      const writing = keeping;
      keeping = null;
      if (writing) {
        // The forms kept as the lock came are still being written: the key goes once they are stored.
        set({ kind: 'starting' });
        return void writing.finally(() => this.endOnDevice());
      }
      writeLockRecord(null);
      dropKey();
      if (sessionStore.get()) sessionStore.end('logout');
      stopAwake?.();
      stopAwake = null;
      // A spinner until the login page loads: the app's own guard must not race this page load.
      set({ kind: 'starting' });
      deps.leave('/login');
    },
  };
}

export type LockStore = ReturnType<typeof createLockStore>;
