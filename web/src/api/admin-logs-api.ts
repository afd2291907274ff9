import type {
  AuditLogPage,
  DeviceLogDetail,
  DeviceLogSession,
  DeviceLogStats,
  ErrorAnalysis,
  ErrorReport,
  OperationLogPage,
} from '@clinic/sync-protocol/admin';
import { z } from 'zod';
import { apiRequest } from './client';
import { readEnvelope } from './envelope';
import { errorFromResponse, networkError } from './errors';
import { API_BASE } from './http';
import { freshAccessToken } from './refresh';

/**
 * The administrator's log views (spec 7 "Android logs", "PWA operation logs", and the access log):
 * online reads of what the server keeps. The answers are the server's own records, typed by the
 * contract in sync-protocol/admin; only their envelope is checked here.
 */
const data = <T>() => z.custom<T>((value) => value !== null && typeof value === 'object');

const query = (params: Record<string, string | number | boolean | undefined | null>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
};

export const fetchDeviceLogs = (errorType: string | null, signal?: AbortSignal) =>
  apiRequest(`/android-logs/list${query({ errorType })}`, { schema: data<{ logs: DeviceLogSession[] }>(), signal });

export const fetchDeviceLogStats = (signal?: AbortSignal) => apiRequest('/android-logs/stats', { schema: data<DeviceLogStats>(), signal });

export const fetchDeviceLogDetail = (fileName: string, signal?: AbortSignal) =>
  apiRequest(`/android-logs/detail/${encodeURIComponent(fileName)}`, { schema: data<DeviceLogDetail>(), signal });

export type OperationLogFilter = { date?: string | null; operation?: string | null; hasError?: boolean | null; limit?: number; offset?: number };

export const fetchOperationLogs = (filter: OperationLogFilter, signal?: AbortSignal) =>
  apiRequest(`/pwa-operations/logs${query(filter)}`, { schema: data<OperationLogPage>(), signal });

export const fetchErrorAnalysis = (days: number, signal?: AbortSignal) =>
  apiRequest(`/pwa-operations/error-analysis${query({ days })}`, { schema: data<ErrorAnalysis>(), signal });

export const fetchErrorReport = (id: string, signal?: AbortSignal) =>
  apiRequest(`/pwa-operations/error-report/${encodeURIComponent(id)}`, { schema: data<ErrorReport>(), signal });

export type AuditFilter = { userId?: string; customerId?: string; action?: string; from?: string; to?: string; limit?: number; offset?: number };

export const fetchAuditLog = (filter: AuditFilter, signal?: AbortSignal) =>
  apiRequest(`/audit-log${query(filter)}`, { schema: data<AuditLogPage>(), signal });

/**
 * A file the server sends for download (a device log's JSON, the access log's CSV, a photo), with the
 * bearer token. Rejects with an ApiError carrying the status, which the screens show (spec 8: download
 * failures name the status).
 */
export async function fetchFile(path: string): Promise<{ blob: Blob; fileName: string | null }> {
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, { headers: { Authorization: `Bearer ${await freshAccessToken()}` } });
  } catch {
    throw networkError();
  }
  if (!response.ok) throw errorFromResponse(response.status, await readEnvelope(response).catch(() => null));
  const disposition = response.headers.get('content-disposition') ?? '';
  return { blob: await response.blob(), fileName: /filename="([^"]+)"/.exec(disposition)?.[1] ?? null };
}

export const deviceLogFilePath = (fileName: string) => `/android-logs/download/${encodeURIComponent(fileName)}`;
export const auditCsvPath = (filter: AuditFilter) => `/audit-log/export.csv${query({ ...filter, limit: undefined, offset: undefined })}`;
