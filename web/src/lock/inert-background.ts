/**
 * While the lock shows, everything else on the page is inert and hidden from assistive technology:
 * the app's root and whatever antd put beside it (an open dialog, a toast), also what appears later.
 * Only what this added is taken off again. A dialog the lock itself opens (the wipe's confirmation,
 * rendered by antd beside the app) is let through while `keep` carries data-lock-dialog.
 */
export function makeBackgroundInert(keep: Element): () => void {
  const touched = new Set<Element>();
  const cover = (element: Element) => {
    if (element === keep || element.hasAttribute('inert') || element.tagName === 'SCRIPT') return;
    element.setAttribute('inert', '');
    element.setAttribute('aria-hidden', 'true');
    touched.add(element);
  };
  Array.from(document.body.children).forEach(cover);
  const observer = new MutationObserver((changes) =>
    changes.forEach((change) =>
      change.addedNodes.forEach((node) => {
        if (node instanceof Element && !(keep instanceof HTMLElement && keep.dataset.lockDialog)) cover(node);
      }),
    ),
  );
  observer.observe(document.body, { childList: true });
  return () => {
    observer.disconnect();
    touched.forEach((element) => {
      element.removeAttribute('inert');
      element.removeAttribute('aria-hidden');
    });
  };
}
