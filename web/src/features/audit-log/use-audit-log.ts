import { AUDIT_LOG_LIMITS } from '@clinic/sync-protocol/admin/limits';
import { useCallback, useMemo } from 'react';
import { fetchAuditLog, type AuditFilter } from '../../api/admin-logs-api';
import { useOnlineQuery } from '../../api/use-online-query';
import { jaAuditLog } from '../../i18n/ja-admin-logs';

export type AuditScreenFilter = {
  userId: string;
  customerId: string | null;
  action: string;
  from: string;
  to: string;
  page: number;
};
export const NO_AUDIT_FILTER: AuditScreenFilter = {
  userId: '',
  customerId: null,
  action: '',
  from: '',
  to: '',
  page: 0,
};

/** What the server is asked for: empty choices left out, one page of 100. */
export function toQuery(filter: AuditScreenFilter): AuditFilter {
  const q: AuditFilter = { limit: AUDIT_LOG_LIMITS.page, offset: filter.page * AUDIT_LOG_LIMITS.page };
  if (filter.userId) q.userId = filter.userId;
  if (filter.customerId) q.customerId = filter.customerId;
  if (filter.action) q.action = filter.action;
  if (filter.from) q.from = filter.from;
  if (filter.to) q.to = filter.to;
  return q;
}

/** The access log under the screen's filters, read online. */
export function useAuditLog(filter: AuditScreenFilter) {
  const { userId, customerId, action, from, to, page } = filter;
  // One query object per filter: a new filter object each render must not reload, a changed filter must.
  const query = useMemo(
    () => toQuery({ userId, customerId, action, from, to, page }),
    [userId, customerId, action, from, to, page],
  );
  const load = useCallback((signal: AbortSignal) => fetchAuditLog(query, signal), [query]);
  return useOnlineQuery(load, JSON.stringify(query), jaAuditLog.listFailed);
}
