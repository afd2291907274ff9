// Japan has one time zone and no daylight saving; the clinic reads times there whatever the device says.
const JAPAN_OFFSET_MS = 9 * 60 * 60 * 1000;

/** When a survey was saved, as the clinic reads it: 2026/11/24 10:05 (Japan time). */
export function formatSavedAt(iso: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  const japan = new Date(time + JAPAN_OFFSET_MS).toISOString(); // YYYY-MM-DDTHH:mm…, read as Japan time
  return `${japan.slice(0, 10).replaceAll('-', '/')} ${japan.slice(11, 16)}`;
}
