const JAPAN_OFFSET_MS = 9 * 60 * 60 * 1000;

/** An ISO instant as a clinic in Japan reads it, whatever the device's time zone: 2026-11-20 09:15. */
export function japanDateTime(iso: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  return new Date(time + JAPAN_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');
}
