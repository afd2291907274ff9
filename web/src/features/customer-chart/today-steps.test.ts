import { describe, expect, it } from 'vitest';
import { nextStep, todaySteps } from './today-steps';

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
        // 15:00 UTC on the 26th is midnight on the 27th in Japan: today.
        media: [{ capturedAt: '2026-11-26T15:00:00.000Z' }],
      },
      TODAY,
    );
    expect(steps).toEqual({ visit: true, pre: true, diagnosis: false, post: false, media: true });
  });

  it('is all open with no records', () => {
    expect(todaySteps({ visits: [], surveys: [], diagnoses: [] }, TODAY)).toEqual({
      visit: false,
      pre: false,
      diagnosis: false,
      post: false,
      media: false,
    });
  });

  it('names the first open step as the next one, and none when every step is done (issue 38)', () => {
    const none = { visit: false, pre: false, diagnosis: false, post: false, media: false };
    expect(nextStep(none)).toBe('visit');
    expect(nextStep({ ...none, visit: true })).toBe('pre');
    expect(nextStep({ ...none, visit: true, pre: true, diagnosis: true })).toBe('post');
    expect(nextStep({ visit: true, pre: true, diagnosis: true, post: true, media: false })).toBe('media');
    expect(nextStep({ visit: true, pre: true, diagnosis: true, post: true, media: true })).toBeNull();
  });
});
