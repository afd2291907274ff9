/**
 * Pain over visits, by named region (spec 9's symptom pattern rule, issue 10 §4): how often and how
 * strongly each region was marked, which regions are chronic, and whether they are getting better.
 * Run on the device from local records and on the server for `commonPainAreas`, with the same result.
 */
import { averagePain, painChange, type PainChange } from './pain-rules';

export const CHRONIC_MIN_RECORDS = 3;
export const CHRONIC_MIN_AVERAGE = 5;
/** The trend compares the latest this-many records of a region with the this-many before them. */
export const TREND_WINDOW = 3;

export type PainRecord = {
  /** YYYY-MM-DD; records are taken oldest first whatever order they come in. */
  date: string;
  markers: readonly { region: string | null; painLevel: number; resolved?: boolean }[];
};

export type RegionHistory = {
  region: string;
  /** How many records mark the region. */
  frequency: number;
  /** Mean of its level per record, one decimal. */
  average: number;
  /** Its level in each record that marks it, oldest first. */
  levels: number[];
};

export type ChronicArea = RegionHistory & {
  /** Latest records against the ones before; null until there is a record before the latest ones. */
  trend: PainChange | null;
};

/**
 * Each region's level per record: the highest marker in it, a healed (消失) marker counting as 0 so
 * a healed area pulls its average down instead of vanishing. A record that does not mark a region
 * says nothing about it and is not counted.
 */
export function regionHistories(records: readonly PainRecord[]): RegionHistory[] {
  const oldestFirst = [...records].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const levels = new Map<string, number[]>();
  for (const record of oldestFirst) {
    const inRecord = new Map<string, number>();
    for (const marker of record.markers) {
      if (!marker.region) continue;
      const level = marker.resolved ? 0 : marker.painLevel;
      inRecord.set(marker.region, Math.max(level, inRecord.get(marker.region) ?? 0));
    }
    for (const [region, level] of inRecord) levels.set(region, [...(levels.get(region) ?? []), level]);
  }
  return [...levels]
    .map(([region, list]) => ({ region, frequency: list.length, average: averagePain(list)!, levels: list }))
    .sort((a, b) => b.frequency - a.frequency || b.average - a.average || a.region.localeCompare(b.region));
}

/** Regions marked in at least 3 records with an average of 5 or more, strongest first. */
export function chronicAreas(records: readonly PainRecord[]): ChronicArea[] {
  return regionHistories(records)
    .filter((history) => history.frequency >= CHRONIC_MIN_RECORDS && history.average >= CHRONIC_MIN_AVERAGE)
    .map((history) => {
      const latest = history.levels.slice(-TREND_WINDOW);
      const prior = history.levels.slice(-2 * TREND_WINDOW, -TREND_WINDOW);
      const trend = prior.length === 0 ? null : painChange(averagePain(prior)!, averagePain(latest)!);
      return { ...history, trend };
    })
    .sort((a, b) => b.average - a.average || b.frequency - a.frequency || a.region.localeCompare(b.region));
}
