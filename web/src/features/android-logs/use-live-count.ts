import { useCallback, useEffect, useState } from 'react';
import { logDb } from '../../db/log-db';

/** How many errors this device has not sent yet; re-read after a send and every few seconds. */
export function useLiveCount() {
  const [count, setCount] = useState<number | null>(null);
  const refresh = useCallback(() => void logDb.deviceErrors.count().then(setCount, () => setCount(null)), []);
  useEffect(() => {
    refresh();
    const every = setInterval(refresh, 5_000);
    return () => clearInterval(every);
  }, [refresh]);
  return { count, refresh };
}
