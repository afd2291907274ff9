import { type ChronicArea, type PainRecord, chronicAreas } from '@clinic/sync-protocol/body';
import { useMemo } from 'react';
import type { RegionHeat } from '../../../components/body-map';
import { type DiagnosisWithMarkers, toPainRecords, useCustomerPainHistory } from '../../../data/live';
import { type RecordPain, recordPains } from './record-pain';
import { regionHeat } from './region-heat';

export type PainHistory = {
  loaded: boolean;
  /** Newest first, as the list shows them. */
  history: DiagnosisWithMarkers[];
  records: PainRecord[];
  /** Oldest first, as the chart draws them. */
  pains: RecordPain[];
  heat: RegionHeat[];
  chronic: ChronicArea[];
};

/**
 * The customer's records and everything the chart computes from them, on the device (so offline too)
 * with the rule module the server's commonPainAreas uses. Recomputed only when a record or marker changes.
 */
export function usePainHistory(customerId: string): PainHistory {
  const { loaded, data } = useCustomerPainHistory(customerId);
  return useMemo(() => {
    const history = data ?? [];
    const records = toPainRecords(history);
    return {
      loaded,
      history,
      records,
      pains: recordPains(history),
      heat: regionHeat(records),
      chronic: chronicAreas(records),
    };
  }, [loaded, data]);
}
