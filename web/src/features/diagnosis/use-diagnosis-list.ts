import { useCallback, useState } from 'react';
import { useLiveQuery } from '../../db/use-live-query';
import { customerCache, localDb } from '../../sync';
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
 * The history list from the device, kept current as records, their markers or customers change, so a
 * save shows at once, offline too. While more rows load the shown ones stay.
 */
export function useDiagnosisList(): DiagnosisList {
  const [limit, setLimit] = useState(DIAGNOSIS_PAGE_SIZE);
  const { loaded, data } = useLiveQuery<ListAnswer>(
    ['diagnoses', 'painMarkers', 'customers'],
    () => queryDiagnosisPage(localDb, limit, cached).then((page) => ({ ok: true as const, ...page }), () => ({ ok: false as const })),
    [limit],
    { keepPrevious: true },
  );
  const showMore = useCallback(() => setLimit((shown) => shown + DIAGNOSIS_PAGE_SIZE), []);
  if (!data) return { loaded, failed: false, entries: NONE, total: 0, showMore };
  if (!data.ok) return { loaded, failed: true, entries: NONE, total: 0, showMore };
  return { loaded, failed: false, entries: data.entries, total: data.total, showMore };
}
