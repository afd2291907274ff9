import { useSyncExternalStore } from 'react';

// Room for the top bar, toolbar, table header and footer around the scrolling body.
const CHROME_PX = 300;
const MIN_PX = 320;

const subscribe = (onChange: () => void) => {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
};
const height = () => Math.max(MIN_PX, window.innerHeight - CHROME_PX);

/** The virtual table needs a fixed pixel height for its scrolling body. */
export function useTableHeight(): number {
  return useSyncExternalStore(subscribe, height, height);
}
