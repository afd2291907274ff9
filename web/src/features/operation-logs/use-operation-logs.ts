import { OPERATION_LOG_LIMITS } from '@clinic/sync-protocol/admin/limits';
import { useCallback } from 'react';
import { fetchOperationLogs, type OperationLogFilter } from '../../api/admin-logs-api';
import { useOnlineQuery } from '../../api/use-online-query';
import { jaOperationLogs } from '../../i18n/ja-admin-logs';

export type LogFilter = { date: string; operation: string; hasError: 'all' | 'yes' | 'no'; page: number };
export const NO_FILTER: LogFilter = { date: '', operation: '', hasError: 'all', page: 0 };

/** Spec 7 GET /api/pwa-operations/logs: one page of 100 (spec 9) under the screen's filters. */
export function useOperationLogs(filter: LogFilter) {
  const query: OperationLogFilter = {
    date: filter.date || null,
    operation: filter.operation || null,
    hasError: filter.hasError === 'all' ? null : filter.hasError === 'yes',
    limit: OPERATION_LOG_LIMITS.listLimit,
    offset: filter.page * OPERATION_LOG_LIMITS.listLimit,
  };
  // The query as text: a new object each render must not reload, a changed filter must.
  const key = JSON.stringify(query);
  const load = useCallback((signal: AbortSignal) => fetchOperationLogs(JSON.parse(key) as OperationLogFilter, signal), [key]);
  return useOnlineQuery(load, key, jaOperationLogs.listFailed);
}
