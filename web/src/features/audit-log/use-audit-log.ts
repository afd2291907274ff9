import { AUDIT_LOG_LIMITS } from '@clinic/sync-protocol/admin/limits';
import { fetchAuditLog, type AuditFilter } from '../../api/admin-logs-api';
import { useOnlineQuery } from '../../online/use-online-query';
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

/** The access log under the screen's filters, read online (the query's key is the filter's value, not its object). */
export function useAuditLog(filter: AuditScreenFilter) {
  const query = toQuery(filter);
  return useOnlineQuery(['audit-log', query], (call) => fetchAuditLog(query, call), jaAuditLog.listFailed);
}
