import type { ErrorAnalysis } from '@clinic/sync-protocol/admin';
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../db/dialect';
import { toCount } from '../db/dialect';
import { daysEndingOn } from '@clinic/sync-protocol/rules';

// `pg` answers count(*) and sum() as text, and sum() over no rows is null; toCount reads all three.
type Figure = number | string | null;
const count = sql<Figure>`count(*)`;
const countWhere = (condition: RawBuilder<unknown>) => sql<Figure>`sum(case when ${condition} then 1 else 0 end)`;
const errors = sql<Figure>`sum(has_error)`;

/**
 * The error analysis of the `days` Japan days ending with `today`, counted by the database: the
 * entries are many and only their totals are wanted.
 */
export async function errorAnalysis(db: Db, days: number, today: string): Promise<ErrorAnalysis> {
  const period = daysEndingOn(today, days);
  const inPeriod = db
    .selectFrom('operation_logs')
    .where('server_date', '>=', period[0]!)
    .where('server_date', '<=', today);

  const totals = await inPeriod
    .select([
      count.as('total'),
      errors.as('errors'),
      countWhere(sql`operation = 'emotion_display_error'`).as('emotion'),
      countWhere(sql`operation = 'age_gender_display_error'`).as('age_gender'),
      sql<Figure>`sum(api_called)`.as('api_calls'),
      countWhere(sql`api_ok = 1 and api_has_data = 1`).as('with_data'),
      countWhere(sql`api_ok = 1 and api_face_count > 0`).as('with_faces'),
      countWhere(sql`api_called = 1 and api_ok = 0`).as('failed'),
    ])
    .executeTakeFirst();
  const devices = await inPeriod
    .select(['device_type', 'device_os', 'device_browser', count.as('count'), errors.as('errors')])
    .groupBy(['device_type', 'device_os', 'device_browser'])
    .orderBy('count', 'desc')
    .orderBy('device_type')
    .orderBy('device_os')
    .orderBy('device_browser')
    .execute();
  const byOperation = await inPeriod
    .where('has_error', '=', 1)
    .select(['operation', count.as('count')])
    .groupBy('operation')
    .orderBy('operation')
    .execute();
  const byDay = await inPeriod
    .select(['server_date', count.as('count'), errors.as('errors')])
    .groupBy('server_date')
    .execute();

  const total = toCount(totals?.total);
  const errorCount = toCount(totals?.errors);
  const dayCounts = new Map(byDay.map((d) => [d.server_date, d]));
  return {
    days,
    totalOperations: total,
    errorCount,
    errorRate: total === 0 ? 0 : Math.round((errorCount / total) * 1000) / 10,
    emotionDisplayErrors: toCount(totals?.emotion),
    ageGenderDisplayErrors: toCount(totals?.age_gender),
    apiResponseAnalysis: {
      totalApiCalls: toCount(totals?.api_calls),
      successfulWithData: toCount(totals?.with_data),
      successfulWithFaces: toCount(totals?.with_faces),
      failedApiCalls: toCount(totals?.failed),
    },
    deviceBreakdown: devices.map((d) => ({
      type: d.device_type,
      os: d.device_os,
      browser: d.device_browser,
      count: toCount(d.count),
      errorCount: toCount(d.errors),
    })),
    errorsByOperation: Object.fromEntries(byOperation.map((o) => [o.operation, toCount(o.count)])),
    perDay: period.map((date) => ({
      date,
      operations: toCount(dayCounts.get(date)?.count),
      errors: toCount(dayCounts.get(date)?.errors),
    })),
  };
}
