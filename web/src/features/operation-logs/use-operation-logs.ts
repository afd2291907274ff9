import { OPERATION_LOG_LIMITS } from '@clinic/sync-protocol/admin/limits';
import { useCallback, useMemo } from 'react';
import { fetchOperationLogs, type OperationLogFilter } from '../../api/admin-logs-api';
import { useOnlineQuery } from '../../api/use-online-query';
import { jaOperationLogs } from '../../i18n/ja-admin-logs';

export type LogFilter = { date: string; operation: string; hasError: 'all' | 'yes' | 'no'; page: number };
export const NO_FILTER: LogFilter = { date: '', operation: '', hasError: 'all', page: 0 };

/** Spec 7 GET /api/pwa-operations/logs: one page of 100 (spec 9) under the screen's filters. */
export function useOperationLogs(filter: LogFilter) {
  const { date, operation, hasError, page } = filter;
  // One query object per filter: a new filter object each render must not reload, a changed filter must.
  const query = useMemo<OperationLogFilter>(
    () => ({
      date: date || null,
      operation: operation || null,
      hasError: hasError === 'all' ? null : hasError === 'yes',
      limit: OPERATION_LOG_LIMITS.listLimit,
      offset: page * OPERATION_LOG_LIMITS.listLimit,
    }),
    [date, operation, hasError, page],
  );
  const load = useCallback((signal: AbortSignal) => fetchOperationLogs(query, signal), [query]);
  return useOnlineQuery(load, JSON.stringify(query), jaOperationLogs.listFailed);
}
