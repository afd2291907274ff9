import { logDb } from '../telemetry/log-db';
import { startDeviceLogCollector } from '../telemetry/device-log-collector';
import { startOperationLog } from '../telemetry/operation-log';

/** The device's own logs, for the page's life: the device error log (mobile only) and the operation-log queue. */
export function startLogRuntime(): void {
  startDeviceLogCollector({ db: logDb });
  startOperationLog(logDb);
}
