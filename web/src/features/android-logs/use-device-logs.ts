import { useCallback } from 'react';
import { fetchDeviceLogStats, fetchDeviceLogs } from '../../api/admin-logs-api';
import { useOnlineQuery } from '../../api/use-online-query';
import { jaDeviceLogs } from '../../i18n/ja-admin-logs';

/** The sessions the server received (filtered by an error type) and their figures, read online. */
export function useDeviceLogs(errorType: string | null) {
  const load = useCallback(
    async (signal: AbortSignal) => {
      const [list, stats] = await Promise.all([fetchDeviceLogs(errorType, signal), fetchDeviceLogStats(signal)]);
      return { logs: list.logs, stats };
    },
    [errorType],
  );
  return useOnlineQuery(load, errorType ?? '', jaDeviceLogs.listFailed);
}
