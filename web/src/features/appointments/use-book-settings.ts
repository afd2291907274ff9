import { useMemo } from 'react';
import { useSession } from '../../auth';
import { useAppSettings } from '../../data/app-settings';
import type { AppointmentView } from '../../data/live';

/**
 * The 予約表's columns and hours from 設定 (施術者, 診療時間). Until an administrator lists the 施術者, the
 * columns are the signed-in person and anyone already booked this day, so booking works from the first day.
 */
export function useBookSettings(day: readonly AppointmentView[]) {
  const { settings } = useAppSettings();
  const me = useSession()?.user.username ?? '';
  const listed = settings.practitioners;
  const practitioners = useMemo(() => {
    const names = new Set(listed.length ? listed : [me].filter(Boolean));
    for (const a of day) names.add(a.staffName);
    return [...names];
  }, [listed, me, day]);
  return { practitioners, hours: settings.clinicHours, listed: listed.length > 0, me };
}
