/**
 * A nudge to the uploader (a capture was saved, the device came online, a pull landed). Kept apart
 * from the uploader so saving a capture does not load it: the uploader registers itself once it runs.
 */
let listener: (() => void) | null = null;

export function kickUploads(): void {
  listener?.();
}

export function onUploadKick(run: () => void): () => void {
  listener = run;
  return () => {
    if (listener === run) listener = null;
  };
}
