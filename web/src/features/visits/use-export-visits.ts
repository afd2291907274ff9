import { AUDIT_EVENT_ACTIONS } from '@clinic/sync-protocol';
import { useCallback } from 'react';
import { recordAuditEvent } from '../../audit-events';
import { useToast } from '../../components/toast';
import { downloadCsv } from '../../export';
import { ja } from '../../i18n/ja';
import type { VisitView } from '../../sync/live';
import { visitCsvFilename, visitCsvRows } from './visit-csv';
import type { DateRange } from './visit-range';

/**
 * CSV出力: exactly the rows the list shows, in its order, named after its dates (and customer).
 * The export is written down on the device first (sent to the access log after the next sync): a
 * file with patients' visits never leaves the app without a trace.
 */
export function useExportVisits(rows: readonly VisitView[], range: DateRange, customerId: string | null) {
  const toast = useToast();
  return useCallback(() => {
    if (rows.length === 0) return;
    const event = { kind: AUDIT_EVENT_ACTIONS.visitsCsv, rows: rows.length, filter: { from: range.from, to: range.to, customerId } };
    void recordAuditEvent(event).then(
      () => {
        const customerName = customerId === null ? null : rows[0]!.customerName;
        downloadCsv(visitCsvFilename(range, customerName), visitCsvRows(rows));
        toast.success(ja.visits.exported(rows.length));
      },
      () => toast.error(ja.visits.exportNotRecorded),
    );
  }, [rows, range, customerId, toast]);
}
