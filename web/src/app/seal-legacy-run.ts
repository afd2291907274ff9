import { auditEventsDb } from '../audit-events/audit-events-db';
import { localDb } from '../data/local-db';
import { logDb } from '../telemetry/log-db';
import { sealAllPlainRows } from '../vault/seal-existing';

/** Every database of the device, one after the other (each reads all its stores). */
export async function sealAllDatabases(): Promise<void> {
  for (const db of [localDb, logDb, auditEventsDb]) await sealAllPlainRows(db);
}
