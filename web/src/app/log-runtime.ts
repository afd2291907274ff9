import { logDb } from '../db/log-db';
import { startDeviceLogCollector } from '../device-logging/device-log-collector';
import { startOperationLog } from '../device-logging/operation-log';

/** The device's own logs, for the page's life: the device error log (mobile only) and the operation-log queue. */
export function startLogRuntime(): void {
  startDeviceLogCollector({ db: logDb });
  startOperationLog(logDb);
}
