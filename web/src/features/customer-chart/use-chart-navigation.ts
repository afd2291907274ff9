import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { PatientHandoff } from '../../components/current-patient';
import { prefixFor } from '../../routing/pages';

export type ChartTarget = '/surveys' | '/diagnosis' | '/camera' | '/face-analysis';

/**
 * Opens another screen for the chart's patient (already the session's current patient), handing it
 * today's visit and what to start with, and the way back here (router state: nothing in the address).
 */
export function useOpenFromChart() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return useCallback(
    (target: ChartTarget, handoff: Omit<PatientHandoff, 'returnTo'>) =>
      void navigate(`${prefixFor(pathname)}${target}`, { state: { ...handoff, returnTo: pathname } }),
    [navigate, pathname],
  );
}
