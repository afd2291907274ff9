import type { ApiTiming, DeviceError, DeviceLogUpload, UserAction } from '@clinic/sync-protocol/admin';
import { DEVICE_LOG_LIMITS as L } from '@clinic/sync-protocol/admin/limits';
import type { LogDb } from './log-db';
import { APP_VERSION, deviceInfo, logSessionId, networkInfo, pageTimings } from './device-facts';

/**
 * The device error log kept in the device's database (not memory, so a reload or a crash keeps it
 * until it is sent). Errors are kept until sent (at most the last 100); the action log and the API
 * timings are rolling windows, trimmed as spec 9 says.
 */
export async function recordError(db: LogDb, error: DeviceError): Promise<void> {
  await db.transaction('rw', db.deviceErrors, async () => {
    await db.deviceErrors.add(error);
    await keepLast(db.deviceErrors, L.errors, L.errors);
  });
}

export async function recordAction(db: LogDb, action: UserAction): Promise<void> {
  await db.transaction('rw', db.deviceActions, async () => {
    await db.deviceActions.add(action);
    await keepLast(db.deviceActions, L.actionsTrimAt, L.actionsKeep);
  });
}

export async function recordApiTiming(db: LogDb, timing: ApiTiming): Promise<void> {
  await db.transaction('rw', db.apiTimings, async () => {
    await db.apiTimings.add(timing);
    await keepLast(db.apiTimings, L.apiTimesTrimAt, L.apiTimesKeep);
  });
}

/** Over `trimAt` rows, only the newest `keep` stay (spec 9: actions 100 → 50, API timings 50 → 25). */
async function keepLast(
  table: LogDb['deviceActions'] | LogDb['apiTimings'] | LogDb['deviceErrors'],
  trimAt: number,
  keep: number,
) {
  const count = await table.count();
  if (count <= trimAt) return;
  const oldestKept = await table
    .orderBy(':id')
    .reverse()
    .offset(keep - 1)
    .first();
  if (oldestKept?.id !== undefined) await table.where(':id').below(oldestKept.id).delete();
}

/** What an upload sends now (spec 7), and the last error it covers, so a success clears only those. */
export async function buildReport(
  db: LogDb,
  trigger: string,
): Promise<{ body: DeviceLogUpload; lastErrorId: number | null }> {
  const [errors, actions, timings] = await Promise.all([
    db.deviceErrors.orderBy(':id').toArray(),
    db.deviceActions.orderBy(':id').toArray(),
    db.apiTimings.orderBy(':id').toArray(),
  ]);
  const strip = <T extends { id?: number }>({ id: _id, ...rest }: T) => rest;
  return {
    lastErrorId: errors.at(-1)?.id ?? null,
    body: {
      sessionId: logSessionId(),
      deviceInfo: deviceInfo(),
      networkInfo: networkInfo(),
      errors: errors.map(strip),
      performance: { ...pageTimings(), apiResponseTimes: timings.map(strip) },
      userActions: actions.map(strip),
      timestamp: new Date().toISOString(),
      metadata: { appVersion: APP_VERSION, trigger, url: location.pathname },
    },
  };
}

/** After a successful upload: the errors it carried are on the server now (spec 4: the local error log is cleared). */
export async function clearSentErrors(db: LogDb, lastErrorId: number | null): Promise<void> {
  if (lastErrorId === null) return;
  await db.deviceErrors.where(':id').belowOrEqual(lastErrorId).delete();
}
