import { useLiveRead } from '../../data/live-read';
import { localDb } from '../../data/local-db';
import { getLastSyncedAt } from '../../data/meta';
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
  // One live read for the three figures and whether a pull has run: read apart, the pull's mark could arrive
  // before its rows (a moment of 顧客数 0人 on a first sign-in).
  const read = useLiveRead(
    () =>
      Promise.all([
        countCustomers(localDb),
        countDiagnoses(localDb),
        countFaceAnalyses(localDb),
        getLastSyncedAt(localDb).then((at) => at !== null),
      ]),
    [],
  ).data;
  if (!read) return { customers: undefined, diagnoses: undefined, analyses: undefined };
  const [customers, diagnoses, analyses, synced] = read;
  // A device that has never received anything from the server (a first sign-in, its first pull under way)
  // holds nothing yet: its 0 is not the clinic's. The figures load until the first pull has brought its rows.
  const known = (count: number) => (synced || count > 0 ? count : undefined);
  return { customers: known(customers), diagnoses: known(diagnoses), analyses: known(analyses) };
}
