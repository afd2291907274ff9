import { PAIN_AREAS } from '@clinic/sync-protocol';
import { type PainArea, regionById } from '@clinic/sync-protocol/body';
import type { LocalSurvey } from '../../../data/clinic-db';

type Marked = { region: string | null; resolved?: boolean };

/** The survey's pain-area question. */
const PAIN_AREAS_KEY = 'pain_areas';

/** The latest survey that answered 痛む部位 (a 施術前 one), with its answer; null when none has. */
export function latestSurveyAreas(
  surveysNewestFirst: readonly LocalSurvey[],
): { survey: LocalSurvey; areas: string[] } | null {
  for (const survey of surveysNewestFirst) {
    const answer = survey.answers[PAIN_AREAS_KEY];
    if (Array.isArray(answer))
      return { survey, areas: answer.filter((area): area is string => typeof area === 'string') };
  }
  return null;
}

/**
 * One of the survey's areas: whether the survey names it (null: no survey answered), the regions of
 * the record's map that roll up to it, and whether the two disagree, which a clinician checks.
 */
export type AreaRow = { area: PainArea; survey: boolean | null; regions: string[]; mismatch: boolean };

/** The survey's areas (首, 肩, 腰, 膝, 頭, その他) against the painful regions of a record, rolled up. */
export function surveyAreaRows(surveyAreas: readonly string[] | null, markers: readonly Marked[]): AreaRow[] {
  const marked = new Map<PainArea, string[]>();
  for (const marker of markers) {
    const region = marker.region && !marker.resolved ? regionById(marker.region) : null;
    if (!region) continue;
    const labels = marked.get(region.painArea) ?? [];
    if (!labels.includes(region.label)) marked.set(region.painArea, [...labels, region.label]);
  }
  return PAIN_AREAS.map((area) => {
    const survey = surveyAreas === null ? null : surveyAreas.includes(area);
    const regions = marked.get(area) ?? [];
    return { area, survey, regions, mismatch: survey !== null && survey !== regions.length > 0 };
  });
}
