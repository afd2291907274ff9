/**
 * A mean pain level to one decimal (spec 5), or null when nothing was counted. Computed from the
 * integer total, so a half (4.45 → 4.5) rounds up the same on every database and never drifts.
 */
export function painAverage(total: number, count: number): number | null {
  if (count === 0) return null;
  return Math.round((total * 10) / count) / 10;
}
