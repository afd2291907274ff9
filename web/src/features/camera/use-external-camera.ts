import { useCallback, useEffect, useState } from 'react';
import { type CameraStatus, probeCamera } from '../../api/camera-probe';

/**
 * The single-board camera's state: with no address set, the spec's demo (offline); with one, really
 * asked (確認中, then オンライン or オフライン). `refresh` asks again.
 */
export function useExternalCamera(active: boolean, url: string): { status: CameraStatus; refresh: () => void } {
  const [status, setStatus] = useState<CameraStatus>('checking');
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (!active) return;
    let current = true;
    setStatus('checking');
    void probeCamera(url).then((answer) => current && setStatus(answer));
    return () => {
      current = false;
    };
  }, [active, url, round]);
  return { status, refresh: useCallback(() => setRound((n) => n + 1), []) };
}
