import { japanDay } from '@clinic/sync-protocol';

/** The steps of one appointment, in the order they are done; a photo or video is taken along the way. */
export const TODAY_STEPS = ['visit', 'pre', 'diagnosis', 'post', 'media'] as const;
export type TodayStep = (typeof TODAY_STEPS)[number];
export type TodaySteps = Record<TodayStep, boolean>;

type Records = {
  visits: readonly { date: string }[];
  surveys: readonly { type: 'pre' | 'post'; createdAt: string }[];
  diagnoses: readonly { date: string }[];
  media?: readonly { capturedAt: string }[];
};

const isToday = (moment: string, today: string) => japanDay(new Date(moment)) === today;

/**
 * What of today's appointment is recorded (today in Japan): a visit dated today, a 施術前 / 施術後
 * survey answered today, a diagnosis dated today, a photo or video taken today. The reads hand over
 * live records only.
 */
export function todaySteps({ visits, surveys, diagnoses, media = [] }: Records, today: string): TodaySteps {
  const answeredToday = (type: 'pre' | 'post') => surveys.some((s) => s.type === type && isToday(s.createdAt, today));
  return {
    visit: visits.some((v) => v.date === today),
    pre: answeredToday('pre'),
    diagnosis: diagnoses.some((d) => d.date === today),
    post: answeredToday('post'),
    media: media.some((m) => isToday(m.capturedAt, today)),
  };
}

/**
 * The step to do next: the first one still open, in the appointment's order; null when every step is
 * done, so no button is highlighted as if something were missing (issue 38).
 */
export function nextStep(steps: TodaySteps): TodayStep | null {
  return TODAY_STEPS.find((step) => !steps[step]) ?? null;
}
