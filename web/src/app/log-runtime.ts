import { logDb } from '../telemetry/log-db';
import { startDeviceLogCollector } from '../telemetry/device-log-collector';
import { startOperationLog } from '../telemetry/operation-log';
import { recordError } from '../telemetry/device-log-store';
import { onSetAside } from '../vault/set-aside';

/** The device's own logs, for the page's life: the device error log and the operation-log queue. */
export function startLogRuntime(): void {
  startDeviceLogCollector({ db: logDb });
  startOperationLog(logDb);
  // A row that did not open, without its content: which table, and why (vault/set-aside.ts).
  onSetAside(({ database, table, reason }) => {
    void recordError(logDb, {
      type: 'sealed_row_set_aside',
      severity: 'high',
      message: `${database}.${table}: ${reason}`,
      stack: '',
      timestamp: new Date().toISOString(),
      url: location.pathname,
    }).catch(() => undefined);
  });
}
