import { fetchDeviceLogStats, fetchDeviceLogs } from '../../api/admin-logs-api';
import { useOnlineQuery } from '../../online/use-online-query';
import { jaDeviceLogs } from '../../i18n/ja-admin-logs';

/** The sessions the server received (filtered by an error type) and their figures, read online. */
export function useDeviceLogs(errorType: string | null) {
  return useOnlineQuery(
    ['device-logs', errorType],
    async (call) => {
      const [list, stats] = await Promise.all([fetchDeviceLogs(errorType, call), fetchDeviceLogStats(call)]);
      return { logs: list.logs, stats };
    },
    jaDeviceLogs.listFailed,
  );
}
