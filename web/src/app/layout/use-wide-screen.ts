import { useSyncExternalStore } from 'react';

/** antd's lg breakpoint: from here the navigation stays open beside the page (spec 1). */
const WIDE = '(min-width: 992px)';

const query = () => (typeof window.matchMedia === 'function' ? window.matchMedia(WIDE) : null);

function subscribe(onChange: () => void): () => void {
  const mq = query();
  mq?.addEventListener('change', onChange);
  return () => mq?.removeEventListener('change', onChange);
}

export function useWideScreen(): boolean {
  return useSyncExternalStore(subscribe, () => query()?.matches ?? true);
}
