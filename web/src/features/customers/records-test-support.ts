import type { LocalSurvey, LocalVisit } from '../../data/clinic-db';
import { localSurvey, localVisit } from '../../test-utils/sync-fixtures';

const idOf = (key: string) => `0193a3f0-0000-4000-8000-${key.padStart(12, '0')}`;

/** A synced visit of a customer: only whose it is matters to this screen (the delete question counts them). */
export const localVisitOf = (customerId: string, key: string, date: string): LocalVisit =>
  localVisit({ id: idOf(key), customerId, date });

/** A synced 施術前 survey of a customer, for the same count. */
export const localSurveyOf = (customerId: string, key: string): LocalSurvey =>
  localSurvey({ id: idOf(key), customerId });
