import { useLiveRead } from '../../data/live-read';
import { localDb } from '../../data/local-db';
import { countCustomers, countDiagnoses } from '../../data/live';
import { analysesRun } from './dashboard-stats';

/** undefined until the device has answered (a moment), so no 0 flashes before the real figure. */
export type DashboardCounts = {
  customers: number | undefined;
  diagnoses: number | undefined;
  analyses: number | undefined;
};

/** The stat cards' figures, from the device (so they show offline) and live as records change. */
export function useDashboardCounts(): DashboardCounts {
  const customers = useLiveRead(() => countCustomers(localDb), []).data;
  const diagnoses = useLiveRead(() => countDiagnoses(localDb), []).data;
  return { customers, diagnoses, analyses: diagnoses === undefined ? undefined : analysesRun(diagnoses) };
}
