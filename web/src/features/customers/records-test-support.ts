import type { LocalSurvey, LocalVisit } from '../../db/clinic-db';

const META = { updatedBy: 'admin', version: 1, deleted: false, pending: 0 as const };

/** A synced visit of a customer: only whose it is matters to this screen (the delete question counts them). */
export function localVisitOf(customerId: string, key: string, date: string): LocalVisit {
  const id = `0193a3f0-0000-4000-8000-${key.padStart(12, '0')}`;
  const at = `${date}T01:00:00.000Z`;
  return { id, customerId, date, serviceMenu: '', price: null, staffName: '', notes: '', createdAt: at, updatedAt: at, ...META };
}

/** A synced 施術前 survey of a customer, for the same count. */
export function localSurveyOf(customerId: string, key: string): LocalSurvey {
  const id = `0193a3f0-0000-4000-8000-${key.padStart(12, '0')}`;
  const at = '2026-11-20T01:00:00.000Z';
  return { id, customerId, visitId: null, type: 'pre', answers: { pain_level: 3 }, createdAt: at, updatedAt: at, ...META };
}
