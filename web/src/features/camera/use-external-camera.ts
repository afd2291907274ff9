import { useCallback, useEffect, useState } from 'react';
import { type CameraStatus, probeCamera } from '../../api/camera-probe';

/**
 * The single-board camera's state: with no address set, the spec's demo (offline); with one, really
 * asked (確認中, then オンライン or オフライン). `refresh` asks again. While this device is offline the
 * camera cannot be reached (it is on the clinic's network): オフライン without asking, and asked again
 * the moment the connection returns, so an old オンライン never stays.
 */
export function useExternalCamera(
  active: boolean,
  url: string,
  deviceOnline: boolean,
): { status: CameraStatus; refresh: () => void } {
  const [round, setRound] = useState(0);
  // The question asked now; until its answer comes, the status is 確認中 ('checking').
  const request = JSON.stringify([url, round]);
  const [answer, setAnswer] = useState<{ request: string; status: CameraStatus } | null>(null);
  useEffect(() => {
    if (!active || !deviceOnline) return;
    let current = true;
    void probeCamera(url).then((status) => current && setAnswer({ request, status }));
    return () => {
      current = false;
      setAnswer(null); // asked again when shown again
    };
  }, [active, url, request, deviceOnline]);
  const status = !deviceOnline ? 'offline' : answer?.request === request ? answer.status : 'checking';
  return { status, refresh: useCallback(() => setRound((n) => n + 1), []) };
}
