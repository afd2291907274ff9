import { type BodyView, type PainRecord, regionById, regionHistories } from '@clinic/sync-protocol/body';
import type { RegionHeat } from '../../../components/body-map';

/**
 * The heat map of every past record: each region shaded by its **average** level over the records
 * that mark it (a healed spot as 0), with the number of those records. The average, not the latest
 * level, because this map is the whole history: the latest record has a map of its own above, and
 * the average is what the chronic-area rule judges, so a highlighted region is also a dark one.
 */
export function regionHeat(records: readonly PainRecord[]): RegionHeat[] {
  return regionHistories(records).map(({ region, average, frequency }) => ({
    region,
    level: average,
    count: frequency,
  }));
}

/** The part of the heat map drawn on one figure. */
export function heatOfView(heat: readonly RegionHeat[], view: BodyView): RegionHeat[] {
  return heat.filter((entry) => regionById(entry.region)?.view === view);
}

/** The regions of `ids` that lie on one figure. */
export function regionsOfViewIn(ids: readonly string[], view: BodyView): string[] {
  return ids.filter((id) => regionById(id)?.view === view);
}

/** What a person reads for a region id: 肩（患者の右）; an id this version does not know stays as it is. */
export function regionLabel(id: string): string {
  return regionById(id)?.label ?? id;
}
