import { useLocation } from 'react-router-dom';

/**
 * What the chart hands a screen it opens for its patient (router state, so nothing personal is in the
 * address): where to come back to, today's visit, and what to start with.
 */
export type PatientHandoff = {
  /** The chart's path: the screen offers カルテに戻る and goes back there when the work is saved. */
  returnTo: string | null;
  /** Today's visit of the patient, chosen in the screen's visit picker. */
  visitId: string | null;
  /** The survey screen opens on this type (施術前 / 施術後). */
  surveyType: 'pre' | 'post' | null;
  /** The diagnosis screen opens a new record at once. */
  newRecord: boolean;
};

const NONE: PatientHandoff = { returnTo: null, visitId: null, surveyType: null, newRecord: false };

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** Reads router state defensively: history entries may hold anything (or state from an older version). */
export function readHandoff(state: unknown): PatientHandoff {
  if (typeof state !== 'object' || state === null) return NONE;
  const s = state as Record<string, unknown>;
  const returnTo = text(s.returnTo);
  return {
    // Only a path inside the app: never a full address that would leave it.
    returnTo: returnTo?.startsWith('/') && !returnTo.startsWith('//') ? returnTo : null,
    visitId: text(s.visitId),
    surveyType: s.surveyType === 'pre' || s.surveyType === 'post' ? s.surveyType : null,
    newRecord: s.newRecord === true,
  };
}

/** The handoff the current screen was opened with (none when opened from the menu). */
export function useHandoff(): PatientHandoff {
  return readHandoff(useLocation().state);
}
