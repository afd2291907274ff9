import { createMiddleware } from 'hono/factory';

/**
 * Where answers carry patient data (or tokens and accounts), today's routes and the ones to come.
 * Listed here, not per route, so a new patient route is covered the day it is mounted.
 */
export const PATIENT_PATH_PREFIXES = [
  '/api/auth',
  '/api/users',
  '/api/customers',
  '/api/visits',
  '/api/diagnosis',
  '/api/surveys',
  '/api/media',
  '/api/face-analysis',
  '/api/sync',
  // Admin log views: device errors, operation logs with patients' photos, who read which record.
  '/api/android-logs',
  '/api/pwa-operations',
  '/api/audit-log',
  '/api/audit-events',
] as const;

export function isPatientPath(path: string, prefixes: readonly string[] = PATIENT_PATH_PREFIXES): boolean {
  return prefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/**
 * `Cache-Control: no-store` on every answer under the patient paths, error answers too: no browser or
 * proxy cache may write patient data to disk, where a shared tablet or PC would keep it.
 */
export function noStore(prefixes: readonly string[] = PATIENT_PATH_PREFIXES) {
  return createMiddleware(async (c, next) => {
    await next();
    // After next(): an error answer is made by the error handler below this, and gets it too.
    if (isPatientPath(c.req.path, prefixes)) c.header('Cache-Control', 'no-store');
  });
}
