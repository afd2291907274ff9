import { useEffect } from 'react';
import { afterFirstScreen } from '../../data/first-screen';

/**
 * While someone is logged in, every request names this device (its client id and the name given in
 * 設定), so the access log shows 施術室1 rather than an address. Its code loads after the first
 * screen: the start bundle does not carry it.
 */
export function useDeviceIdentity(loggedIn: boolean) {
  useEffect(() => {
    if (!loggedIn) return;
    let stop: (() => void) | null = null;
    let active = true;
    afterFirstScreen(() => {
      void import('../../data/device-identity').then(({ keepDeviceIdentity }) => {
        if (active) stop = keepDeviceIdentity();
      });
    });
    return () => {
      active = false;
      stop?.();
    };
  }, [loggedIn]);
}
