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
  // The answer of this connection's check; none yet reads as CHECKING.
  const [checked, setChecked] = useState<SystemStatus | null>(null);

  useEffect(() => {
    if (!online) return;
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
    return () => {
      controller.abort();
      setChecked(null); // the connection went: its answer is old by the time it returns
    };
  }, [online]);

  return online ? (checked ?? CHECKING) : OFFLINE;
}
