import { sql } from 'kysely';
import type { Db } from '../db/dialect';
import { toCount } from '../db/dialect';
import { PAIN_LEVEL_MAX, PAIN_LEVEL_MIN } from '@clinic/sync-protocol';
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
 * Where a customer hurts across their records: spots grouped by named region (by the spec's label
 * where no region is known), each with the number of records it appears in and its mean level, where
 * a healed (消失) spot counts as 0 so a healed area does not stay high. Most frequent first.
 */
export async function commonPainAreas(db: Db, customerId: string) {
  const area = sql<string>`coalesce(${sql.ref('pain_markers.region')}, ${sql.ref('pain_markers.body_part')})`;
  const rows = await liveSpots(db)
    .where('diagnoses.customer_id', '=', customerId)
    .select([
      area.as('area'),
      sql<number | string>`count(distinct ${sql.ref('pain_markers.diagnosis_id')})`.as('frequency'),
      sql<number | string>`sum(case when ${sql.ref('pain_markers.resolved')} = 1 then 0 else ${sql.ref('pain_markers.pain_level')} end)`.as('total'),
      count,
    ])
    .groupBy(area)
    .execute();
  // `?? 0` only for the type: a group holds at least one spot.
  const areas = rows.map((r) => ({ body_part: r.area, frequency: toCount(r.frequency), avg_pain_level: painAverage(toCount(r.total), toCount(r.count)) ?? 0 }));
  // Ordered here, not in SQL: the two databases collate Japanese text differently.
  return areas.sort((a, b) => b.frequency - a.frequency || b.avg_pain_level - a.avg_pain_level || (a.body_part < b.body_part ? -1 : a.body_part > b.body_part ? 1 : 0));
}

/**
 * Counts over live records, in SQL: all of them, those dated in `month` (YYYY-MM), and the spots that
 * still hurt (not 消失) by figure side and by level, with their mean level (null when none).
 */
export async function diagnosisStats(db: Db, month: string) {
  const live = db.selectFrom('diagnoses').where('deleted', '=', 0);
  const total = await live.select(count).executeTakeFirst();
  const inMonth = await live.where('date', '>=', `${month}-01`).where('date', '<=', `${month}-31`).select(count).executeTakeFirst();
  const hurting = liveSpots(db).where('pain_markers.resolved', '=', 0);
  const byLevel = await hurting.select(['pain_markers.pain_level as level', count]).groupBy('pain_markers.pain_level').execute();
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
