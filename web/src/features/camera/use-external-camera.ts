import { useCallback, useEffect, useState } from 'react';
import { type CameraStatus, probeCamera } from '../../api/camera-probe';

/**
 * The single-board camera's state: with no address set, the spec's demo (offline); with one, really
 * asked (確認中, then オンライン or オフライン). `refresh` asks again.
 */
export function useExternalCamera(active: boolean, url: string): { status: CameraStatus; refresh: () => void } {
  const [round, setRound] = useState(0);
  // The question asked now; until its answer comes, the status is 確認中 ('checking').
  const request = JSON.stringify([url, round]);
  const [answer, setAnswer] = useState<{ request: string; status: CameraStatus } | null>(null);
  useEffect(() => {
    if (!active) return;
    let current = true;
    void probeCamera(url).then((status) => current && setAnswer({ request, status }));
    return () => {
      current = false;
      setAnswer(null); // asked again when shown again
    };
  }, [active, url, request]);
  const status = answer?.request === request ? answer.status : 'checking';
  return { status, refresh: useCallback(() => setRound((n) => n + 1), []) };
}
