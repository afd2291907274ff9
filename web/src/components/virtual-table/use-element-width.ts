import { useCallback, useState, type RefCallback } from 'react';

/**
 * The content width of an element, kept current with a ResizeObserver (no layout read per render).
 * It is read once as the element mounts, before paint, so a phone never flashes the wide table first.
 * 0 until known (and where nothing is laid out, as in unit tests).
 */
export function useElementWidth<E extends HTMLElement>(): [RefCallback<E>, number] {
  const [width, setWidth] = useState(0);
  const ref = useCallback((element: E | null) => {
    if (!element) return;
    setWidth(Math.floor(element.clientWidth));
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.floor(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}
