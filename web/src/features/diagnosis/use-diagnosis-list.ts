import { useCallback, useState } from 'react';
import { useLiveRead } from '../../data/live-read';
import { customerCache, useCustomerCacheSnapshot } from '../../data';
import { localDb } from '../../data/local-db';
import { queryDiagnosisPage, type DiagnosisEntry } from './diagnosis-entries';

/** Spec 7 and 9: the list shows the latest 50 records; さらに表示 adds 50 more each time. */
export const DIAGNOSIS_PAGE_SIZE = 50;

type ListAnswer = { ok: true; entries: DiagnosisEntry[]; total: number } | { ok: false };

export type DiagnosisList = {
  loaded: boolean;
  /** The device could not be read: the screen says 取得エラー. */
  failed: boolean;
  entries: readonly DiagnosisEntry[];
  /** Every live record on the device (the list's title counts them all). */
  total: number;
  showMore: () => void;
};

const NONE: readonly DiagnosisEntry[] = [];
const cached = (id: string) => customerCache.get(id)?.customer;

/**
 * The history list from the device (one patient's when `customerId` is given), kept current as records,
 * their markers or customers change, so a save shows at once, offline too. While more rows load the
 * shown ones stay.
 */
export function useDiagnosisList(customerId: string | null = null): DiagnosisList {
  const [limit, setLimit] = useState(DIAGNOSIS_PAGE_SIZE);
  // Names come from the customer cache when a screen loaded it: its changes run the query again.
  const customers = useCustomerCacheSnapshot();
  const { loaded, data } = useLiveRead<ListAnswer>(
    () =>
      queryDiagnosisPage(localDb, limit, cached, customerId).then(
        (page) => ({ ok: true as const, ...page }),
        () => ({ ok: false as const }),
      ),
    [limit, customers, customerId],
    { keepPrevious: true },
  );
  const showMore = useCallback(() => setLimit((shown) => shown + DIAGNOSIS_PAGE_SIZE), []);
  if (!data) return { loaded, failed: false, entries: NONE, total: 0, showMore };
  if (!data.ok) return { loaded, failed: true, entries: NONE, total: 0, showMore };
  return { loaded, failed: false, entries: data.entries, total: data.total, showMore };
}
