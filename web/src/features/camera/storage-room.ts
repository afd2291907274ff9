/** Spec 9: recordings at 5 Mbit/s. */
export const RECORDING_BITS_PER_SECOND = 5_000_000;

const bytesPerSecond = RECORDING_BITS_PER_SECOND / 8;

/**
 * How long a recording can run in the room the browser gives this site (null: it does not say). A
 * recording needs its room twice for a moment (its pieces, then the saved file), and a tenth is kept back.
 */
export async function recordableSeconds(
  estimate: () => Promise<StorageEstimate> = () => navigator.storage.estimate(),
): Promise<number | null> {
  try {
    const { usage, quota } = await estimate();
    if (quota === undefined || usage === undefined) return null;
    return Math.max(0, Math.floor(((quota - usage) * 0.45) / bytesPerSecond));
  } catch {
    return null;
  }
}
