import { useCallback, useRef, useState } from 'react';

const SPINNER_DELAY_MS = 300;

/**
 * One save at a time for a form dialog. A second tap on 保存 while the first is being stored does
 * nothing (resolves null). A local save takes a few ms: a spinner that flashes for that long (and
 * re-renders the dialog while the save runs) only slows it down, so `saving` turns on only when
 * storing is unusually slow.
 */
export function useSingleSave() {
  const [saving, setSaving] = useState(false);
  const inFlight = useRef(false);

  const run = useCallback(async <R>(work: () => Promise<R>): Promise<R | null> => {
    if (inFlight.current) return null;
    inFlight.current = true;
    let spinnerShown = false;
    const spinner = setTimeout(() => {
      spinnerShown = true;
      setSaving(true);
    }, SPINNER_DELAY_MS);
    try {
      return await work();
    } finally {
      clearTimeout(spinner);
      inFlight.current = false;
      if (spinnerShown) setSaving(false);
    }
  }, []);

  return { run, saving };
}
