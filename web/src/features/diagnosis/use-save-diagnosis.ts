import { useCallback } from 'react';
import { useSingleSave } from '../../components/form-dialog';
import type { ClinicDb } from '../../data/clinic-db';
import { customerCache, mutateAllAsCurrentUser } from '../../data';
import { localDb } from '../../data/local-db';
import { createChanges, updateChanges } from './diagnosis-changes';
import type { DiagnosisFormValues, StoredDiagnosis } from './diagnosis-form-values';

/** What a save did: stored (new or changed), nothing to store, or refused because of the chosen customer. */
export type SaveOutcome =
  | { kind: 'created'; id: string }
  | { kind: 'updated'; id: string }
  | { kind: 'unchanged'; id: string }
  /** The customer is not (or no longer) on the device: 選択された顧客は無効です. */
  | { kind: 'invalidCustomer' }
  /** The device's customers could not be read: 顧客データの取得に失敗しました. */
  | { kind: 'customersFailed' };

/**
 * The chosen customer must exist (DESIGN.md deviations: ids are UUIDs, so "must be positive" became
 * "must exist"): live in the cache, or read from the device when the cache has not loaded yet.
 */
export async function customerExists(db: ClinicDb, customerId: string): Promise<boolean> {
  if (customerCache.get(customerId)) return true;
  const customer = await db.customers.get(customerId);
  return customer !== undefined && !customer.deleted;
}

/**
 * Saves to this device first (the sync engine sends it on), offline too. A new record and its markers,
 * or an edit's record and marker changes, go in ONE mutateAll: kept whole or not at all. Throws
 * LocalWriteError (a Japanese message) when nothing could be stored. Resolves null, doing nothing,
 * while an earlier save is still being stored.
 */
export function useSaveDiagnosis() {
  const { run, saving } = useSingleSave();

  const save = useCallback(
    (stored: StoredDiagnosis | null, values: DiagnosisFormValues): Promise<SaveOutcome | null> =>
      run(async (): Promise<SaveOutcome> => {
        const customerId = values.customerId ?? '';
        // A record kept for a customer deleted since may still be corrected; choosing one may not.
        if (!stored || stored.diagnosis.customerId !== customerId) {
          let exists: boolean;
          try {
            exists = await customerExists(localDb, customerId);
          } catch {
            return { kind: 'customersFailed' };
          }
          if (!exists) return { kind: 'invalidCustomer' };
        }
        if (!stored) {
          const id = crypto.randomUUID();
          await mutateAllAsCurrentUser(createChanges(id, values));
          return { kind: 'created', id };
        }
        const { id } = stored.diagnosis;
        const changes = updateChanges(stored, values);
        if (changes.length === 0) return { kind: 'unchanged', id };
        await mutateAllAsCurrentUser(changes);
        return { kind: 'updated', id };
      }),
    [run],
  );

  return { save, saving };
}
