type PwaState = { needRefresh: boolean; offlineReady: boolean; update: (() => Promise<void>) | null };

let state: PwaState = { needRefresh: false, offlineReady: false, update: null };
const listeners = new Set<() => void>();

const set = (patch: Partial<PwaState>) => {
  state = { ...state, ...patch };
  listeners.forEach((l) => l());
};

export const pwaUpdates = {
  get: (): PwaState => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

type RegisterSW = (options: {
  onNeedRefresh?: () => void;
  onOfflineReady?: () => void;
}) => (reloadPage?: boolean) => Promise<void>;

/**
 * Connects the worker registration (`registerSW` of virtual:pwa-register, passed in by main.tsx so this
 * module stays testable) to the prompt: a new version waits until the user agrees to reload.
 */
export function connectServiceWorker(registerSW: RegisterSW): void {
  const updateSW = registerSW({
    onNeedRefresh: () => set({ needRefresh: true, update: () => updateSW(true) }),
    onOfflineReady: () => set({ offlineReady: true }),
  });
}
