import { describe, expect, it } from 'vitest';
import { todaySteps } from './today-steps';

const TODAY = '2026-11-27';

describe("today's steps of the chart", () => {
  it('marks each step done only from records of today in Japan', () => {
    const steps = todaySteps(
      {
        visits: [{ date: '2026-11-26' }, { date: TODAY }],
        // 23:30 UTC on the 26th is 08:30 on the 27th in Japan: today.
        surveys: [
          { type: 'pre', createdAt: '2026-11-26T23:30:00.000Z' },
          // 14:59 UTC on the 26th is 23:59 on the 26th in Japan: yesterday.
          { type: 'post', createdAt: '2026-11-26T14:59:00.000Z' },
        ],
        diagnoses: [{ date: '2026-11-20' }],
      },
      TODAY,
    );
    expect(steps).toEqual({ visit: true, pre: true, diagnosis: false, post: false });
  });

  it('is all open with no records', () => {
    expect(todaySteps({ visits: [], surveys: [], diagnoses: [] }, TODAY)).toEqual({
      visit: false,
      pre: false,
      diagnosis: false,
      post: false,
    });
  });
});
