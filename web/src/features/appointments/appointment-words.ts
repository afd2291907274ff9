import type { AppointmentStatus } from '@clinic/sync-protocol';
import { timeRange } from '@clinic/sync-protocol/rules';
import type { StatusTone } from '../../components/status-tag';
import { jaAppointments } from '../../i18n/ja-appointments';

const t = jaAppointments;

export const STATUS_TONES: Record<AppointmentStatus, StatusTone> = {
  booked: 'info',
  visited: 'ok',
  cancelled: 'neutral',
  noShow: 'error',
};

export const statusLabel = (status: AppointmentStatus) => t.statuses[status];

/** 10:00〜10:45 */
export const timeOf = (a: { start: string; minutes: number }) => timeRange(a.start, a.minutes);
