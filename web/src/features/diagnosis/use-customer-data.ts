import type { LocalCustomer } from '../../data/clinic-db';
import { useLiveRead } from '../../data/live-read';
import { localDb } from '../../data/local-db';
import { countCustomers } from '../../data/live';

/** Spec 8: whether the device's customers could be read, and whether there are any to choose from. */
export type CustomerDataState = 'loading' | 'ok' | 'empty' | 'failed';

/** Counted through indexes (no customer is read), kept current as customers come and go. */
export function useCustomerDataState(): CustomerDataState {
  const { loaded, data } = useLiveRead(
    () =>
      countCustomers(localDb).then(
        (count): CustomerDataState => (count === 0 ? 'empty' : 'ok'),
        (): CustomerDataState => 'failed',
      ),
    [],
  );
  return loaded && data ? data : 'loading';
}

/** One customer as the device holds them (a deleted one's tombstone too), for the まとめ tab's patient facts. */
export function useCustomerRecord(customerId: string | null): LocalCustomer | undefined {
  const { data } = useLiveRead(async () => (customerId ? localDb.customers.get(customerId) : undefined), [customerId]);
  return data;
}
