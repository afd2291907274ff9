import { useSyncExternalStore } from 'react';

// Room for the top bar, toolbar, table header and footer around the scrolling body. Below 640 px
// (cards) the toolbar takes three lines instead of one or two.
const CHROME_PX = 300;
const NARROW_CHROME_PX = 350;
const NARROW_PX = 640;
const MIN_PX = 320;

const subscribe = (onChange: () => void) => {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
};
const height = () => Math.max(MIN_PX, window.innerHeight - (window.innerWidth < NARROW_PX ? NARROW_CHROME_PX : CHROME_PX));

/** The virtual table needs a fixed pixel height for its scrolling body. */
export function useTableHeight(): number {
  return useSyncExternalStore(subscribe, height, height);
}
