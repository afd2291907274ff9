import { useMemo } from 'react';
import { useCustomerSurveys, useCustomerVisits } from '../../data/live';
import { groupSurveys, type SurveyGroup } from './survey-groups';

/** The customer's surveys grouped by visit (or day), kept current as surveys and visits change. */
export function useSurveyGroups(customerId: string): { loaded: boolean; groups: SurveyGroup[] } {
  const surveys = useCustomerSurveys(customerId);
  const visits = useCustomerVisits(customerId);
  const groups = useMemo(() => groupSurveys(surveys.data ?? [], visits.data ?? []), [surveys.data, visits.data]);
  return { loaded: surveys.loaded && visits.loaded, groups };
}
