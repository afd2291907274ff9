import { japanDay } from '@clinic/sync-protocol';

/** The steps of one appointment, in the order they are done. */
export const TODAY_STEPS = ['visit', 'pre', 'diagnosis', 'post'] as const;
export type TodayStep = (typeof TODAY_STEPS)[number];
export type TodaySteps = Record<TodayStep, boolean>;

type Records = {
  visits: readonly { date: string }[];
  surveys: readonly { type: 'pre' | 'post'; createdAt: string }[];
  diagnoses: readonly { date: string }[];
};

/**
 * What of today's appointment is recorded (today in Japan): a visit dated today, a 施術前 / 施術後
 * survey answered today, a diagnosis dated today. The reads hand over live records only.
 */
export function todaySteps({ visits, surveys, diagnoses }: Records, today: string): TodaySteps {
  const answeredToday = (type: 'pre' | 'post') =>
    surveys.some((s) => s.type === type && japanDay(new Date(s.createdAt)) === today);
  return {
    visit: visits.some((v) => v.date === today),
    pre: answeredToday('pre'),
    diagnosis: diagnoses.some((d) => d.date === today),
    post: answeredToday('post'),
  };
}
