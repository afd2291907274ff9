import { useMemo, useState } from 'react';
import { useCurrentPatient } from '../../components/current-patient/use-current-patient';
import type { VisitFilter } from '../../data/live';
import { thisMonth, type DateRange } from './visit-range';

/**
 * The list's conditions: a date range (this month in Japan at first) and optionally one customer, the
 * session's current patient (picked here or on another screen, issue 24).
 */
export function useVisitFilters() {
  const [range, setRange] = useState<DateRange>(() => thisMonth());
  const { customerId, choose: onCustomerChange } = useCurrentPatient();
  const filter = useMemo<VisitFilter>(() => ({ from: range.from, to: range.to, customerId }), [range, customerId]);
  return { range, setRange, customerId, onCustomerChange, filter };
}
