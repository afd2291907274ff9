import { useLiveRead } from '../../data/live-read';
import { localDb } from '../../data/local-db';
import { countCustomers, countDiagnoses, countFaceAnalyses } from '../../data/live';

/** undefined until the device has answered (a moment), so no 0 flashes before the real figure. */
export type DashboardCounts = {
  customers: number | undefined;
  diagnoses: number | undefined;
  analyses: number | undefined;
};

/**
 * The stat cards' figures, from the device (so they show offline) and live as records change. Analyses
 * are the expression analyses actually kept (they sync from every device), not spec 9's estimate of
 * 70 % of the diagnosis records, which counted something that never ran.
 */
export function useDashboardCounts(): DashboardCounts {
  const customers = useLiveRead(() => countCustomers(localDb), []).data;
  const diagnoses = useLiveRead(() => countDiagnoses(localDb), []).data;
  const analyses = useLiveRead(() => countFaceAnalyses(localDb), []).data;
  return { customers, diagnoses, analyses };
}
