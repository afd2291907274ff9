import type { ClinicDb, LocalCustomer, LocalDiagnosis } from '../../data/clinic-db';
import { jaDiagnosis } from '../../i18n/ja-diagnosis';
import { customerLabel } from '../../data/entities/customer-name';
import {
  countDiagnoses,
  customersById,
  queryCustomerDiagnoses,
  queryLatestDiagnoses,
  queryMarkerSets,
} from '../../data/live';
import type { CachedCustomer } from '../../data/live/visits';
import type { StoredDiagnosis } from './diagnosis-form-values';
import { painFigures, type PainFigures } from './pain-figures';

/** One record of the history list: the record, its markers, whose it is and how it sums up. */
export type DiagnosisEntry = StoredDiagnosis & {
  customer: LocalCustomer | undefined;
  /** The name, 「名前（削除済み）」 for a deleted customer, or the customer's ID when the device never had them. */
  customerName: string;
  /** The record or one of its markers waits to be sent (未同期). */
  pending: boolean;
  figures: PainFigures;
};

export type DiagnosisPage = { entries: DiagnosisEntry[]; total: number };

const nameOf = (customer: LocalCustomer | undefined, customerId: string) =>
  customer ? customerLabel(customer) : jaDiagnosis.list.customerId(customerId);

/** The latest `limit` records of everyone, or of one patient, and how many there are in all. */
async function latest(
  db: ClinicDb,
  limit: number,
  customerId: string | null,
): Promise<{ diagnoses: LocalDiagnosis[]; total: number }> {
  if (customerId === null) {
    const [diagnoses, total] = await Promise.all([queryLatestDiagnoses(db, limit), countDiagnoses(db)]);
    return { diagnoses, total };
  }
  // One patient's records through the [customerId+date] index: a few dozen at most.
  const all = await queryCustomerDiagnoses(db, customerId);
  return { diagnoses: all.slice(0, limit), total: all.length };
}

/**
 * The latest `limit` records (newest first), of one patient when `customerId` is given, with their
 * markers and customers, read through indexes: the records by date (or by patient), the markers of just
 * these records in one read, the customers from the cache. 10,000 records on the device cost no more
 * than the 50 shown.
 */
export async function queryDiagnosisPage(
  db: ClinicDb,
  limit: number,
  cached?: CachedCustomer,
  customerId: string | null = null,
): Promise<DiagnosisPage> {
  const { diagnoses, total } = await latest(db, limit, customerId);
  const ids = diagnoses.map((d) => d.id);
  const [markerSets, customers] = await Promise.all([
    queryMarkerSets(db, ids),
    customersById(
      db,
      diagnoses.map((d) => d.customerId),
      cached,
    ),
  ]);
  const entries = diagnoses.map((diagnosis): DiagnosisEntry => {
    const set = markerSets.get(diagnosis.id) ?? { markers: [], pending: false };
    const customer = customers.get(diagnosis.customerId);
    return {
      diagnosis,
      markers: set.markers,
      customer,
      customerName: nameOf(customer, diagnosis.customerId),
      pending: diagnosis.pending === 1 || set.pending,
      figures: painFigures(set.markers),
    };
  });
  return { entries, total };
}
