type PwaState = { needRefresh: boolean; offlineReady: boolean; update: (() => Promise<void>) | null };

let state: PwaState = { needRefresh: false, offlineReady: false, update: null };
let registration: ServiceWorkerRegistration | undefined;
const listeners = new Set<() => void>();

const set = (patch: Partial<PwaState>) => {
  state = { ...state, ...patch };
  listeners.forEach((l) => l());
};

export const pwaUpdates = {
  get: (): PwaState => state,
  // An arrow, not a method: React calls it unbound (useSyncExternalStore(pwaUpdates.subscribe, …)).
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /**
   * Asks the server for a new version now instead of at the browser's next check; when one exists it
   * installs and `needRefresh` follows. The page's worker is asked through the browser when the updater is
   * not connected yet (it connects after the first screen): a reload then would only bring back this same
   * version, again and again while the server refuses it. Without a worker (development) a reload is the update.
   */
  async check(): Promise<void> {
    const found = registration ?? (await navigator.serviceWorker?.getRegistration().catch(() => undefined));
    if (found) await found.update().catch(() => undefined);
    else window.location.reload();
  },
};

type RegisterSW = (options: {
  onNeedRefresh?: () => void;
  onOfflineReady?: () => void;
  onRegisteredSW?: (url: string, registration: ServiceWorkerRegistration | undefined) => void;
}) => (reloadPage?: boolean) => Promise<void>;

/**
 * Connects the worker registration (`registerSW` of virtual:pwa-register, passed in by main.tsx so this
 * module stays testable) to the prompt: a new version waits until the user agrees to reload.
 */
export function connectServiceWorker(registerSW: RegisterSW): void {
  const updateSW = registerSW({
    onNeedRefresh: () => set({ needRefresh: true, update: () => updateSW(true) }),
    onOfflineReady: () => set({ offlineReady: true }),
    onRegisteredSW: (_url, found) => {
      registration = found;
    },
  });
}
