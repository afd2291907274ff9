import { useEffect, useMemo } from 'react';
import { fetchPractitioners } from '../../api/appointments-api';
import { useSession } from '../../auth';
import { useAppSettings } from '../../data/app-settings';
import type { AppointmentView } from '../../data/live';
import { savePractitioners, usePractitioners } from '../../data/practitioners';

/**
 * The 予約表's columns and hours: the 施術者 an administrator marked (ユーザー管理, kept on the device for
 * offline days) and 設定 › 診療時間. Until anyone is marked, the signed-in person is the one column; anyone
 * booked this day keeps a column too, so no appointment is ever without one.
 */
export function useBookSettings(day: readonly AppointmentView[]) {
  const { settings } = useAppSettings();
  const me = useSession()?.user.username ?? '';
  const kept = usePractitioners();
  useEffect(() => {
    const ask = new AbortController();
    // Offline (or refused) the names kept from the last time stay: nothing to do.
    fetchPractitioners(ask.signal).then(savePractitioners, () => undefined);
    return () => ask.abort();
  }, []);
  const practitioners = useMemo(() => {
    const names = new Set(kept?.length ? kept : [me].filter(Boolean));
    for (const a of day) names.add(a.staffName);
    return [...names];
  }, [kept, me, day]);
  return { practitioners, hours: settings.clinicHours, listed: (kept?.length ?? 0) > 0, me };
}
