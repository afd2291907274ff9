import { OPERATION_LOG_LIMITS } from '@clinic/sync-protocol/admin/limits';
import { fetchOperationLogs, type OperationLogFilter } from '../../api/admin-logs-api';
import { useOnlineQuery } from '../../online/use-online-query';
import { jaOperationLogs } from '../../i18n/ja-admin-logs';

export type LogFilter = { date: string; operation: string; hasError: 'all' | 'yes' | 'no'; page: number };
export const NO_FILTER: LogFilter = { date: '', operation: '', hasError: 'all', page: 0 };

/** Spec 7 GET /api/pwa-operations/logs: one page of 100 (spec 9) under the screen's filters. */
export function useOperationLogs({ date, operation, hasError, page }: LogFilter) {
  // The query's key is this filter's value, not its object: a new object each render does not reload.
  const query: OperationLogFilter = {
    date: date || null,
    operation: operation || null,
    hasError: hasError === 'all' ? null : hasError === 'yes',
    limit: OPERATION_LOG_LIMITS.listLimit,
    offset: page * OPERATION_LOG_LIMITS.listLimit,
  };
  return useOnlineQuery(
    ['operation-logs', query],
    (call) => fetchOperationLogs(query, call),
    jaOperationLogs.listFailed,
  );
}
