import { useCallback } from 'react';
import { useToast } from '../../components/toast';
import { downloadCsv } from '../../export';
import { ja } from '../../i18n/ja';
import type { VisitView } from '../../sync/live';
import { visitCsvFilename, visitCsvRows } from './visit-csv';
import type { DateRange } from './visit-range';

/** CSV出力: exactly the rows the list shows, in its order, named after its dates (and customer). */
export function useExportVisits(rows: readonly VisitView[], range: DateRange, customerId: string | null) {
  const toast = useToast();
  return useCallback(() => {
    if (rows.length === 0) return;
    const customerName = customerId === null ? null : rows[0]!.customerName;
    downloadCsv(visitCsvFilename(range, customerName), visitCsvRows(rows));
    toast.success(ja.visits.exported(rows.length));
  }, [rows, range, customerId, toast]);
}
