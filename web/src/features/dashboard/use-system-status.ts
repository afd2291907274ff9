import { useEffect, useState } from 'react';
import { whenLoaded } from '../../components/on-demand';
import { useSyncStatus } from '../../sync';
import { statusOf, type SystemStatus } from './system-status';

const CHECKING: SystemStatus = { kind: 'checking' };
const OFFLINE: SystemStatus = { kind: 'offline' };

/**
 * The system status chip's state: checked on opening the dashboard and again whenever the connection
 * returns; offline it is OFFLINE without asking. Nothing else on the screen waits for it.
 */
export function useSystemStatus(): SystemStatus {
  const { online } = useSyncStatus();
  const [checked, setChecked] = useState<SystemStatus>(CHECKING);

  useEffect(() => {
    if (!online) return;
    setChecked(CHECKING);
    const controller = new AbortController();
    // The calls' answer checks (and zod) load once the screen shows: its figures come from the device.
    whenLoaded(() => {
      if (controller.signal.aborted) return;
      void import('./check-system')
        .then(({ checkSystem }) => checkSystem(controller.signal))
        .then((failed) => {
          if (!controller.signal.aborted) setChecked(statusOf(failed));
        });
    });
    return () => controller.abort();
  }, [online]);

  return online ? checked : OFFLINE;
}
