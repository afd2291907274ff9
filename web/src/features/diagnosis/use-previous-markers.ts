import { useMemo } from 'react';
import { useCustomerDiagnoses, useMarkers } from '../../data/live';
import type { DraftMarker } from './draft-markers';

export type PreviousRecord = { date: string; markers: readonly DraftMarker[] };

/**
 * The customer's latest record and the spots that still hurt there, which a new record may start from
 * (issue 10 §4); null while loading, without a customer, or when there is nothing to carry.
 */
export function usePreviousMarkers(customerId: string | null): PreviousRecord | null {
  const diagnoses = useCustomerDiagnoses(customerId);
  const latest = diagnoses.data?.[0] ?? null;
  const markers = useMarkers(latest?.id ?? null);
  return useMemo(() => {
    if (!latest || !markers.loaded || !markers.data) return null;
    const open = markers.data.filter((m) => m.diagnosisId === latest.id && !m.resolved);
    return open.length === 0 ? null : { date: latest.date, markers: open };
  }, [latest, markers.loaded, markers.data]);
}
