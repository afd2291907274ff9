import { useCallback, useMemo, useState } from 'react';
import type { VisitFilter } from '../../data/live';
import { thisMonth, type DateRange } from './visit-range';

/** The list's conditions: a date range (this month in Japan at first) and optionally one customer. */
export function useVisitFilters() {
  const [range, setRange] = useState<DateRange>(() => thisMonth());
  const [customerId, setCustomerId] = useState<string | null>(null);
  const filter = useMemo<VisitFilter>(() => ({ from: range.from, to: range.to, customerId }), [range, customerId]);
  const onCustomerChange = useCallback((id: string | null) => setCustomerId(id), []);
  return { range, setRange, customerId, onCustomerChange, filter };
}
