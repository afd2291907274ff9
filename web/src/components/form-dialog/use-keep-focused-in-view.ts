import { useCallback, useEffect, useState, type FocusEvent, type RefObject } from 'react';

const reveal = (element: Element | null) => element?.scrollIntoView?.({ block: 'nearest' });

/** A keyboard is taller than this; a smaller difference is a browser bar appearing or going. */
const KEYBOARD_MIN_PX = 100;

/**
 * What of the page a person can see: its height, and where it starts when a keyboard covers the rest
 * (`top`; null when no keyboard is up).
 */
export type VisibleArea = { height: number; top: number | null };

/**
 * Keeps the field being typed in visible above an on-screen keyboard. A phone or tablet keyboard covers
 * the page without resizing it (iOS, Chrome's default) or resizes it only after the field got focus, so
 * the browser's own scrolling can leave the field under the keyboard. The visible area (visualViewport)
 * is returned, so the dialog can fit in it with 保存 in sight, and the focused field is brought back into
 * view whenever that area changes.
 */
/** The visible area now; read when the dialog first renders too, so it does not move once it is shown. */
function visibleArea(): VisibleArea | null {
  const viewport = typeof window === 'undefined' ? undefined : window.visualViewport;
  if (!viewport) return null;
  // Zooming in also shrinks the visual viewport; only a keyboard (at scale 1) moves the dialog.
  const covered = Math.abs(viewport.scale - 1) < 0.01 && window.innerHeight - viewport.height > KEYBOARD_MIN_PX;
  return { height: Math.round(viewport.height), top: covered ? Math.round(viewport.offsetTop) : null };
}

export function useKeepFocusedInView(scroller: RefObject<HTMLElement | null>) {
  const [visible, setVisible] = useState<VisibleArea | null>(visibleArea);

  useEffect(() => {
    const viewport = window.visualViewport;
    if (!viewport) return;
    const onChange = () => {
      const next = visibleArea();
      if (!next) return;
      setVisible((last) => (last?.height === next.height && last.top === next.top ? last : next));
      const active = document.activeElement;
      if (active && scroller.current?.contains(active)) reveal(active);
    };
    onChange();
    viewport.addEventListener('resize', onChange);
    viewport.addEventListener('scroll', onChange);
    return () => {
      viewport.removeEventListener('resize', onChange);
      viewport.removeEventListener('scroll', onChange);
    };
  }, [scroller]);

  const onFocus = useCallback((event: FocusEvent<HTMLElement>) => reveal(event.target), []);

  return { visible, onFocus };
}
