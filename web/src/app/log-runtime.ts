import { logDb } from '../db/log-db';
import { startDeviceLogCollector } from '../sync/device-log/device-log-collector';
import { startOperationLog } from '../sync/operation-log/operation-log';

/** The device's own logs, for the page's life: the device error log (mobile only) and the operation-log queue. */
export function startLogRuntime(): void {
  startDeviceLogCollector({ db: logDb });
  startOperationLog(logDb);
}
