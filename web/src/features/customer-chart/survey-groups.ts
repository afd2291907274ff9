import { type Question, japanDay, questionOf } from '@clinic/sync-protocol';
import type { LocalSurvey, LocalVisit } from '../../data/clinic-db';

/** A 施術前 survey and the 施術後 one that followed it; either may be missing. */
export type SurveyPair = { key: string; pre: LocalSurvey | null; post: LocalSurvey | null };

/** The surveys of one visit or, for surveys tied to no visit on this device, of one day. */
export type SurveyGroup = { key: string; date: string; visit: LocalVisit | null; pairs: SurveyPair[] };

/** The day a survey was answered, in Japan (createdAt is UTC). */
export function surveyDay(survey: LocalSurvey): string {
  const at = new Date(survey.createdAt);
  return Number.isNaN(at.getTime()) ? survey.createdAt.slice(0, 10) : japanDay(at);
}

/**
 * Pairs surveys in the order they were answered: a 施術後 joins the latest 施術前 still without one,
 * anything else stands alone (a second 施術前 of the day, a 施術後 with none before it). Newest first.
 */
export function pairSurveys(surveys: readonly LocalSurvey[]): SurveyPair[] {
  const pairs: SurveyPair[] = [];
  for (const survey of [...surveys].sort((a, b) => a.createdAt.localeCompare(b.createdAt))) {
    const open = survey.type === 'post' ? pairs.findLast((p) => p.pre !== null && p.post === null) : undefined;
    if (open) open.post = survey;
    else
      pairs.push({
        key: survey.id,
        pre: survey.type === 'pre' ? survey : null,
        post: survey.type === 'post' ? survey : null,
      });
  }
  return pairs.reverse();
}

/**
 * A customer's surveys by the visit they belong to, newest first. A survey whose visit is not among
 * `visits` (none chosen, or deleted since) is grouped with the others of its day instead.
 */
export function groupSurveys(surveys: readonly LocalSurvey[], visits: readonly LocalVisit[]): SurveyGroup[] {
  const visitsById = new Map(visits.map((v) => [v.id, v]));
  const buckets = new Map<string, { visit: LocalVisit | null; date: string; latest: string; surveys: LocalSurvey[] }>();
  for (const survey of surveys) {
    const visit = (survey.visitId && visitsById.get(survey.visitId)) || null;
    const date = visit?.date ?? surveyDay(survey);
    const key = visit ? `visit:${visit.id}` : `day:${date}`;
    const bucket = buckets.get(key) ?? { visit, date, latest: '', surveys: [] };
    bucket.surveys.push(survey);
    if (survey.createdAt > bucket.latest) bucket.latest = survey.createdAt;
    buckets.set(key, bucket);
  }
  return [...buckets]
    .sort(([, a], [, b]) => b.date.localeCompare(a.date) || b.latest.localeCompare(a.latest))
    .map(([key, { visit, date, surveys: inGroup }]) => ({ key, date, visit, pairs: pairSurveys(inGroup) }));
}

export type PainChange = {
  pain: { question: Question; value: number };
  improvement: { question: Question; value: number };
};

// The two questions the change line compares; their texts and scales come from the survey's data.
const PAIN = questionOf('pre', 'pain_level');
const IMPROVEMENT = questionOf('post', 'pain_improvement');

/** 痛み before and 改善 after, when both surveys of the pair answered them. */
export function painChange({ pre, post }: SurveyPair): PainChange | null {
  const pain = pre?.answers[PAIN?.key ?? ''];
  const improvement = post?.answers[IMPROVEMENT?.key ?? ''];
  if (!PAIN || !IMPROVEMENT || typeof pain !== 'number' || typeof improvement !== 'number') return null;
  return { pain: { question: PAIN, value: pain }, improvement: { question: IMPROVEMENT, value: improvement } };
}
