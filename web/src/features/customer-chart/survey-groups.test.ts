import { describe, expect, it } from 'vitest';
import { localSurvey, localVisit } from './chart-test-support';
import { groupSurveys, painChange, pairSurveys, surveyDay } from './survey-groups';

const C = '0193a3f0-0000-4000-8000-000000000001';
const V1 = '0193a3f0-0000-4000-8000-0000000000a1';
const V2 = '0193a3f0-0000-4000-8000-0000000000a2';
const gone = '0193a3f0-0000-4000-8000-0000000000ff';

const pre = (id: string, createdAt: string, visitId: string | null = null) =>
  localSurvey({ id, customerId: C, type: 'pre', createdAt, visitId });
const post = (id: string, createdAt: string, visitId: string | null = null) =>
  localSurvey({ id, customerId: C, type: 'post', createdAt, visitId });
const ids = (pairs: ReturnType<typeof pairSurveys>) => pairs.map((p) => [p.pre?.id ?? null, p.post?.id ?? null]);

describe('survey groups on the chart', () => {
  it('dates a survey by the day in Japan', () => {
    expect(surveyDay(pre('a', '2026-11-20T14:59:00.000Z'))).toBe('2026-11-20');
    expect(surveyDay(pre('a', '2026-11-20T15:00:00.000Z'))).toBe('2026-11-21');
  });

  it('pairs each 施術後 with the 施術前 before it, newest pair first; a lone one stays alone', () => {
    const pairs = pairSurveys([
      post('p2', '2026-11-20T05:00:00.000Z'),
      pre('a1', '2026-11-20T01:00:00.000Z'),
      post('p1', '2026-11-20T02:00:00.000Z'),
      pre('a2', '2026-11-20T04:00:00.000Z'),
      pre('a3', '2026-11-20T06:00:00.000Z'),
    ]);
    expect(ids(pairs)).toEqual([
      ['a3', null],
      ['a2', 'p2'],
      ['a1', 'p1'],
    ]);
    expect(ids(pairSurveys([post('p', '2026-11-20T02:00:00.000Z')]))).toEqual([[null, 'p']]);
  });

  it('groups by visit and, without one on the device, by day; newest first', () => {
    const visits = [
      localVisit({ id: V2, customerId: C, date: '2026-11-20' }),
      localVisit({ id: V1, customerId: C, date: '2026-11-01' }),
    ];
    const groups = groupSurveys(
      [
        pre('v1pre', '2026-11-01T01:00:00.000Z', V1),
        post('v1post', '2026-11-01T02:00:00.000Z', V1),
        pre('v2pre', '2026-11-20T01:00:00.000Z', V2),
        pre('daypre', '2026-11-10T01:00:00.000Z'),
        post('daypost', '2026-11-10T03:00:00.000Z', gone), // its visit was deleted
        post('other', '2026-11-25T03:00:00.000Z'),
      ],
      visits,
    );
    expect(groups.map((g) => [g.date, g.visit?.id ?? null, ids(g.pairs)])).toEqual([
      ['2026-11-25', null, [[null, 'other']]],
      ['2026-11-20', V2, [['v2pre', null]]],
      ['2026-11-10', null, [['daypre', 'daypost']]],
      ['2026-11-01', V1, [['v1pre', 'v1post']]],
    ]);
  });

  it('compares the pain before with the improvement after only when both were answered', () => {
    const [pair] = pairSurveys([pre('a', '2026-11-20T01:00:00.000Z'), post('b', '2026-11-20T02:00:00.000Z')]);
    const change = painChange(pair!);
    expect([
      change?.pain.value,
      change?.pain.question.label,
      change?.improvement.value,
      change?.improvement.question.label,
    ]).toEqual([4, '痛みの強さ', 3, '痛みの改善']);
    expect(painChange({ key: 'a', pre: pair!.pre, post: null })).toBeNull();
  });
});
