import {
  auditLogPageSchema,
  deviceLogDetailSchema,
  deviceLogListSchema,
  deviceLogStatsSchema,
  errorAnalysisSchema,
  errorReportSchema,
  operationLogPageSchema,
} from '@clinic/sync-protocol/admin';
import { apiRequest } from './client';
import type { ReadOptions } from './http';

export { fetchFile } from './files';

/**
 * The administrator's log views (spec 7 "Android logs", "PWA operation logs", and the access log):
 * online reads of what the server keeps, each answer parsed by its schema in sync-protocol/admin.
 */

const query = (params: Record<string, string | number | boolean | undefined | null>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
};

export const fetchDeviceLogs = (errorType: string | null, call: ReadOptions = {}) =>
  apiRequest(`/android-logs/list${query({ errorType })}`, { schema: deviceLogListSchema, ...call });

export const fetchDeviceLogStats = (call: ReadOptions = {}) =>
  apiRequest('/android-logs/stats', { schema: deviceLogStatsSchema, ...call });

export const fetchDeviceLogDetail = (fileName: string, call: ReadOptions = {}) =>
  apiRequest(`/android-logs/detail/${encodeURIComponent(fileName)}`, { schema: deviceLogDetailSchema, ...call });

export type OperationLogFilter = {
  date?: string | null;
  operation?: string | null;
  hasError?: boolean | null;
  limit?: number;
  offset?: number;
};

export const fetchOperationLogs = (filter: OperationLogFilter, call: ReadOptions = {}) =>
  apiRequest(`/pwa-operations/logs${query(filter)}`, { schema: operationLogPageSchema, ...call });

export const fetchErrorAnalysis = (days: number, call: ReadOptions = {}) =>
  apiRequest(`/pwa-operations/error-analysis${query({ days })}`, { schema: errorAnalysisSchema, ...call });

export const fetchErrorReport = (id: string, call: ReadOptions = {}) =>
  apiRequest(`/pwa-operations/error-report/${encodeURIComponent(id)}`, { schema: errorReportSchema, ...call });

export type AuditFilter = {
  userId?: string;
  customerId?: string;
  action?: string;
  from?: string;
  to?: string;
  limit?: number;
  offset?: number;
};

export const fetchAuditLog = (filter: AuditFilter, call: ReadOptions = {}) =>
  apiRequest(`/audit-log${query(filter)}`, { schema: auditLogPageSchema, ...call });

export const deviceLogFilePath = (fileName: string) => `/android-logs/download/${encodeURIComponent(fileName)}`;
export const auditCsvPath = (filter: AuditFilter) =>
  `/audit-log/export.csv${query({ ...filter, limit: undefined, offset: undefined })}`;
