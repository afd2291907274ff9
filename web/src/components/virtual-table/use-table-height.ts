import { useSyncExternalStore } from 'react';

/** What surrounds a list's scrolling body on a screen: top bar, toolbar, header, footer lines. */
export type TableChrome = { chromePx: number; narrowChromePx: number; minPx: number };

/** Below this width lists show cards and toolbars wrap onto more lines. */
const NARROW_PX = 640;

const subscribe = (onChange: () => void) => {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
};

/** The virtual table needs a fixed pixel height for its scrolling body: the window's, less the screen's chrome. */
export function useTableHeight({ chromePx, narrowChromePx, minPx }: TableChrome): number {
  const height = () =>
    Math.max(minPx, window.innerHeight - (window.innerWidth < NARROW_PX ? narrowChromePx : chromePx));
  return useSyncExternalStore(subscribe, height, height);
}
