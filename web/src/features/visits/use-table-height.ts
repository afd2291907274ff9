import { useSyncExternalStore } from 'react';

// Room for the top bar, the toolbar (two lines on a tablet, up to five on a phone), the table header
// and the totals line under the list.
const CHROME_PX = 360;
const NARROW_CHROME_PX = 470;
const NARROW_PX = 640;
const MIN_PX = 280;

const subscribe = (onChange: () => void) => {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
};
const height = () => Math.max(MIN_PX, window.innerHeight - (window.innerWidth < NARROW_PX ? NARROW_CHROME_PX : CHROME_PX));

/** The virtual table needs a fixed pixel height for its scrolling body. */
export function useTableHeight(): number {
  return useSyncExternalStore(subscribe, height, height);
}
