import { currentLevels, historyChipBand, maxPain, painSummary } from '@clinic/sync-protocol/body';
import type { ClinicDb, LocalCustomer, LocalDiagnosis, LocalPainMarker } from '../../data/clinic-db';
import { customerLabel } from '../../data/entities/customer-name';
import { queryLatestDiagnoses, queryMarkers } from '../../data/live';

/** Spec 9: the dashboard lists the 5 latest diagnosis records. */
export const RECENT_ACTIVITY_LIMIT = 5;

export type ActivityItem = {
  id: string;
  customerName: string;
  date: string;
  /** Spots that hurt now: a healed (消失) spot is left out, as in the summary wording. */
  spots: number;
  maxLevel: number | null;
  chip: ReturnType<typeof historyChipBand> | null;
  summary: string;
};

/** One record as the activity list shows it: whose, when, how many spots, how strong, in words. */
export function activityOf(
  diagnosis: LocalDiagnosis,
  customer: LocalCustomer | undefined,
  markers: readonly LocalPainMarker[],
): ActivityItem {
  const levels = currentLevels(markers);
  const maxLevel = maxPain(levels);
  return {
    id: diagnosis.id,
    customerName: customerLabel(customer),
    date: diagnosis.date,
    spots: levels.length,
    maxLevel,
    chip: maxLevel === null ? null : historyChipBand(maxLevel),
    summary: painSummary(maxLevel),
  };
}

/** The latest records with their customers and markers, reading only those few rows. */
export async function queryRecentActivity(db: ClinicDb): Promise<ActivityItem[]> {
  const diagnoses = await queryLatestDiagnoses(db, RECENT_ACTIVITY_LIMIT);
  const [customers, markers] = await Promise.all([
    db.customers.bulkGet(diagnoses.map((d) => d.customerId)),
    Promise.all(diagnoses.map((d) => queryMarkers(db, d.id))),
  ]);
  return diagnoses.map((d, i) => activityOf(d, customers[i], markers[i] ?? []));
}
