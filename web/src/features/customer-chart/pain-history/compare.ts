import { BODY_REGIONS, MIDDLE_REGIONS, painChange, painExtent, type PainChange } from '@clinic/sync-protocol/body';

type Marked = { region: string | null; painLevel: number; resolved?: boolean };

/** A region in either record: its level in each (null: not marked there) and the change between. */
export type RegionComparison = { region: string; before: number | null; after: number | null; change: PainChange };

/** Where it hurts in the two records: 継続 (in both), 消失/移動 (only the earlier), 新規 (only the later). */
export type PainOverlap = { stayed: string[]; gone: string[]; added: string[] };

export type RecordComparison = {
  rows: RegionComparison[];
  extent: { before: number; after: number };
  overlap: PainOverlap;
};

/** A region's level in one record: its highest marker, a healed (消失) one as 0, as the history counts it. */
export function regionLevels(markers: readonly Marked[]): Map<string, number> {
  const levels = new Map<string, number>();
  for (const marker of markers) {
    if (!marker.region) continue;
    const level = marker.resolved ? 0 : marker.painLevel;
    levels.set(marker.region, Math.max(level, levels.get(marker.region) ?? 0));
  }
  return levels;
}

// Rows read head to foot, front before back, as the regions are listed.
const ORDER = new Map([...BODY_REGIONS, ...MIDDLE_REGIONS].map((region, index) => [region.id, index]));
const byBody = (a: string, b: string) =>
  (ORDER.get(a) ?? ORDER.size) - (ORDER.get(b) ?? ORDER.size) || a.localeCompare(b);

/**
 * Two records side by side, region by region. A region one record does not mark counts as 0 for the
 * change (nothing hurt there that day), so a new painful region reads 悪化 and one that went away 改善,
 * by the same 2-point-or-30 % rule as the rest of the history.
 */
export function compareRecords(before: readonly Marked[], after: readonly Marked[]): RecordComparison {
  const earlier = regionLevels(before);
  const later = regionLevels(after);
  const regions = [...new Set([...earlier.keys(), ...later.keys()])].sort(byBody);
  const rows = regions.map((region) => {
    const from = earlier.get(region) ?? null;
    const to = later.get(region) ?? null;
    return { region, before: from, after: to, change: painChange(from ?? 0, to ?? 0) };
  });
  const hurts = (levels: Map<string, number>, region: string) => (levels.get(region) ?? 0) > 0;
  return {
    rows,
    extent: { before: painExtent(before), after: painExtent(after) },
    overlap: {
      stayed: regions.filter((r) => hurts(earlier, r) && hurts(later, r)),
      gone: regions.filter((r) => hurts(earlier, r) && !hurts(later, r)),
      added: regions.filter((r) => !hurts(earlier, r) && hurts(later, r)),
    },
  };
}
