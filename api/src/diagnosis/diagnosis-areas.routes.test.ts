import { regionAt } from '@clinic/sync-protocol/body';
import { afterEach, expect, it, vi } from 'vitest';
import { listAudit } from '../audit/audit.repository';
import { MINUTE, advance, call, describeEachDatabase, failure, useFakeDate } from '../test/harness';
import { type Answer, diagnosisTestKit, part } from './diagnosis-test-support';

// Where a customer hurts over their records (common and chronic areas) and the counts of the summary.
describeEachDatabase('diagnosis REST: pain areas and summary', (getCtx) => {
  const { adminToken, customer, diagnose } = diagnosisTestKit(getCtx);

  afterEach(() => {
    vi.useRealTimers();
  });

  it('names the region of a spec payload from its position, and gives chronic areas with their trend', async () => {
    const token = await adminToken();
    const hanako = await customer(token);
    // The lower back (back view, patient's left) in four records: 8, 7, 6, then 3 — chronic, and better.
    const lowBack = (level: number) => ({
      id: 1,
      body_part: '背面 (40.0%, 47.0%)',
      pain_level: level,
      x: 40,
      y: 47,
      view: 'back',
      notes: '',
    });
    for (const [date, level] of [
      ['2026-08-01', 8],
      ['2026-09-01', 7],
      ['2026-10-01', 6],
      ['2026-11-01', 3],
    ] as const) {
      await diagnose(token, { customer_id: hanako, date, bodyParts: [lowBack(level)] });
    }
    const res = await call(getCtx().app, 'GET', `/api/diagnosis/customer/${hanako}`, { token });
    const region = regionAt('back', 40, 47)!;
    expect(res.body.data.diagnosisList[0].bodyParts[0]).toMatchObject({ region: region.id });
    expect(res.body.data.commonPainAreas).toEqual([
      { body_part: region.id, label: region.label, frequency: 4, avg_pain_level: 6 },
    ]);
    // The latest three (7, 6, 3: 5.3) against the one before (8): down 2.7 points, 改善.
    expect(res.body.data.chronicAreas).toEqual([
      { body_part: region.id, label: region.label, frequency: 4, avg_pain_level: 6, trend: '改善' },
    ]);
  });

  it('gives a customer’s records and their common pain areas by region, most frequent first', async () => {
    const { app, db } = getCtx();
    const token = await adminToken();
    const [hanako, jiro] = [await customer(token), await customer(token, '佐藤 次郎')];
    const waist = (level: number, over: object = {}) => part(1, { region: '腰部', pain_level: level, ...over });
    const first = await diagnose(token, {
      customer_id: hanako,
      date: '2026-09-01',
      bodyParts: [waist(6), part(2, { region: '肩上部', pain_level: 5 }), part(3, { region: '肩上部', pain_level: 4 })],
    });
    const second = await diagnose(token, {
      customer_id: hanako,
      date: '2026-10-01',
      bodyParts: [waist(8), part(2, { body_part: 'back 40% 80%', pain_level: 3 })],
    });
    // Healed this time: it still appears, and counts as 0.
    const third = await diagnose(token, {
      customer_id: hanako,
      date: '2026-11-01',
      bodyParts: [waist(7, { resolved: true }), part(2, { region: '肩上部', pain_level: 2 })],
    });
    const gone = await diagnose(token, {
      customer_id: hanako,
      date: '2026-11-02',
      bodyParts: [waist(10), part(2, { region: '膝', pain_level: 9 })],
    });
    await call(app, 'DELETE', `/api/diagnosis/${gone.id}`, { token });
    await call(app, 'PUT', `/api/diagnosis/${second.id}`, {
      token,
      body: {
        bodyParts: [
          waist(8),
          part(2, { body_part: 'back 40% 80%', pain_level: 3 }),
          part(3, { region: '膝', pain_level: 10 }),
        ],
      },
    });
    await call(app, 'PUT', `/api/diagnosis/${second.id}`, {
      token,
      body: { bodyParts: [waist(8), part(2, { body_part: 'back 40% 80%', pain_level: 3 })] },
    });
    await diagnose(token, { customer_id: jiro, bodyParts: [waist(1)] });

    const res = await call(app, 'GET', `/api/diagnosis/customer/${hanako}`, { token });
    expect(res.status).toBe(200);
    expect(res.body.data.diagnosisList.map((d: Answer) => [d.id, d.avg_pain_level])).toEqual([
      [third.id, 2],
      [second.id, 5.5],
      [first.id, 5],
    ]);
    // Per record the region's strongest spot: 肩上部 is (5 + 2) / 2, not the mean of its three spots.
    expect(res.body.data.commonPainAreas).toEqual([
      { body_part: '腰部', label: '腰部', frequency: 3, avg_pain_level: 4.7 },
      { body_part: '肩上部', label: '肩上部', frequency: 2, avg_pain_level: 3.5 },
      { body_part: 'back 40% 80%', label: 'back 40% 80%', frequency: 1, avg_pain_level: 3 },
    ]);
    // 腰部 is in three records but averages under 5: not chronic.
    expect(res.body.data.chronicAreas).toEqual([]);
    const limited = await call(app, 'GET', `/api/diagnosis/customer/${hanako}?limit=1`, { token });
    expect(limited.body.data.diagnosisList.map((d: Answer) => d.id)).toEqual([third.id]);
    expect(limited.body.data.commonPainAreas).toEqual(res.body.data.commonPainAreas);
    const [read] = await listAudit(db, { action: 'diagnosis.read' });
    expect(JSON.parse(read!.detail!)).toEqual({
      via: 'GET /api/diagnosis/customer/:customerId',
      ids: [third.id, second.id, first.id],
    });

    const none = await call(app, 'GET', `/api/diagnosis/customer/${await customer(token, '鈴木 三郎')}`, { token });
    expect(none.body.data).toEqual({ diagnosisList: [], commonPainAreas: [], chronicAreas: [] });
    const unknown = await call(app, 'GET', `/api/diagnosis/customer/${crypto.randomUUID()}`, { token });
    expect([unknown.status, unknown.body]).toEqual([404, failure('NOT_FOUND', '顧客が見つかりません')]);
  });

  it('sums live records and the spots that still hurt in the summary', async () => {
    const { app } = getCtx();
    useFakeDate('2026-11-30T16:00:00.000Z'); // December in Japan
    const token = await adminToken();
    const customerId = await customer(token);
    const empty = await call(app, 'GET', '/api/diagnosis/stats/summary', { token });
    const zeros = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [String(i + 1), 0]));
    expect(empty.body.data).toEqual({
      total: 0,
      thisMonth: 0,
      avgPainLevel: null,
      byView: { front: 0, back: 0 },
      painLevelDistribution: zeros,
    });

    await diagnose(token, {
      customer_id: customerId,
      date: '2026-11-30',
      bodyParts: [
        part(1, { pain_level: 8 }),
        part(2, { pain_level: 3, view: 'back' }),
        part(3, { pain_level: 9, resolved: true }),
      ],
    });
    advance(MINUTE);
    await diagnose(token, {
      customer_id: customerId,
      bodyParts: [part(1, { pain_level: 8, view: 'back' }), part(2, { pain_level: 10 })],
    });
    await diagnose(token, { customer_id: customerId, date: '2026-12-31' });
    const gone = await diagnose(token, { customer_id: customerId, bodyParts: [part(1, { pain_level: 1 })] });
    await call(app, 'DELETE', `/api/diagnosis/${gone.id}`, { token });

    const res = await call(app, 'GET', '/api/diagnosis/stats/summary', { token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      total: 3,
      thisMonth: 2,
      avgPainLevel: 7.3,
      byView: { front: 2, back: 2 },
      painLevelDistribution: { ...zeros, 3: 1, 8: 2, 10: 1 },
    });
  });
});
