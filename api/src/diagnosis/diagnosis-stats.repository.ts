import { sql } from 'kysely';
import type { Db } from '../db/dialect';
import { toCount } from '../db/dialect';
import { PAIN_LEVEL_MAX, PAIN_LEVEL_MIN } from '@clinic/sync-protocol';
import { type PainRecord, chronicAreas, regionById, regionHistories, spotRegionId } from '@clinic/sync-protocol/body';
import { painAverage } from './pain-average';

// `pg` answers count(*) and sum() of integers as text; toCount reads both.
const count = sql<number | string>`count(*)`.as('count');

/** Live spots of live records: a deleted record's spots count nowhere. */
const liveSpots = (db: Db) =>
  db
    .selectFrom('pain_markers')
    .innerJoin('diagnoses', 'diagnoses.id', 'pain_markers.diagnosis_id')
    .where('pain_markers.deleted', '=', 0)
    .where('diagnoses.deleted', '=', 0);

/**
 * Where a customer hurts across their records, by the rule module the device's pain history uses
 * (`@clinic/sync-protocol/body`), so the chart and this answer agree: spots grouped by named region
 * (by the spec's label where no region is known), each with the number of records it appears in and
 * its mean level per record (the strongest spot of the region in each; a healed (消失) spot counts as
 * 0), most frequent first; and the chronic areas among them (≥ 3 records, mean ≥ 5) with their trend.
 * One customer's spots are few, so they are read and grouped here rather than in SQL.
 */
export async function painAreas(db: Db, customerId: string) {
  const rows = await liveSpots(db)
    .where('diagnoses.customer_id', '=', customerId)
    .select([
      'diagnoses.id as diagnosisId',
      'diagnoses.date as date',
      'pain_markers.region as region',
      'pain_markers.body_part as bodyPart',
      'pain_markers.x as x',
      'pain_markers.pain_level as painLevel',
      'pain_markers.resolved as resolved',
    ])
    .execute();
  const records = new Map<string, PainRecord & { markers: PainRecord['markers'][number][] }>();
  for (const row of rows) {
    const record = records.get(row.diagnosisId) ?? { date: row.date, markers: [] };
    record.markers.push({
      // A spot on the midline is its middle region, however an older version stored it.
      region: spotRegionId(row.region, Number(row.x)) ?? row.bodyPart,
      painLevel: Number(row.painLevel),
      resolved: Number(row.resolved) === 1,
    });
    records.set(row.diagnosisId, record);
  }
  const all = [...records.values()];
  const labelOf = (area: string) => regionById(area)?.label ?? area;
  return {
    commonPainAreas: regionHistories(all).map((h) => ({
      body_part: h.region,
      label: labelOf(h.region),
      frequency: h.frequency,
      avg_pain_level: h.average,
    })),
    chronicAreas: chronicAreas(all).map((h) => ({
      body_part: h.region,
      label: labelOf(h.region),
      frequency: h.frequency,
      avg_pain_level: h.average,
      trend: h.trend,
    })),
  };
}

/**
 * Counts over live records, in SQL: all of them, those dated in `month` (YYYY-MM), and the spots that
 * still hurt (not 消失) by figure side and by level, with their mean level (null when none).
 */
export async function diagnosisStats(db: Db, month: string) {
  const live = db.selectFrom('diagnoses').where('deleted', '=', 0);
  const total = await live.select(count).executeTakeFirst();
  const inMonth = await live
    .where('date', '>=', `${month}-01`)
    .where('date', '<=', `${month}-31`)
    .select(count)
    .executeTakeFirst();
  const hurting = liveSpots(db).where('pain_markers.resolved', '=', 0);
  const byLevel = await hurting
    .select(['pain_markers.pain_level as level', count])
    .groupBy('pain_markers.pain_level')
    .execute();
  const byView = await hurting.select(['pain_markers.view as view', count]).groupBy('pain_markers.view').execute();

  const painLevelDistribution: Record<number, number> = {};
  for (let level = PAIN_LEVEL_MIN; level <= PAIN_LEVEL_MAX; level++) painLevelDistribution[level] = 0;
  for (const r of byLevel) painLevelDistribution[Number(r.level)] = toCount(r.count);
  const spots = byLevel.reduce((sum, r) => sum + toCount(r.count), 0);
  const levels = byLevel.reduce((sum, r) => sum + Number(r.level) * toCount(r.count), 0);
  const sideCount = (view: string) => toCount(byView.find((r) => r.view === view)?.count);
  return {
    total: toCount(total?.count),
    thisMonth: toCount(inMonth?.count),
    avgPainLevel: painAverage(levels, spots),
    byView: { front: sideCount('front'), back: sideCount('back') },
    painLevelDistribution,
  };
}
