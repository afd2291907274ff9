import { Tag } from 'antd';
import { StatusTag } from '../../components/status-tag';
import type { AppointmentView } from '../../data/live';
import { jaAppointments } from '../../i18n/ja-appointments';
import { STATUS_TONES, statusLabel, timeOf } from './appointment-words';

const t = jaAppointments;

/** What an appointment says in the grid and the list: time, patient, 施術者, state, overlap, 未同期. */
export function AppointmentFacts({ appointment: a, showStaff }: { appointment: AppointmentView; showStaff: boolean }) {
  return (
    <>
      <span className="appt-facts-time">{timeOf(a)}</span> <span className="appt-facts-name">{a.customerName}</span>
      {/* Read out, not shown: the 施術者 is the column's (or the chip's), the state is the colour's. */}
      <span className="appt-sr-only">（{hiddenFacts(a)}）</span>
      {showStaff && <Tag className="appt-staff-chip">{a.staffName}</Tag>}
      {a.serviceMenu && <span className="appt-facts-menu">{a.serviceMenu}</span>}
      {a.status !== 'booked' && <StatusTag tone={STATUS_TONES[a.status]}>{statusLabel(a.status)}</StatusTag>}
      {a.overlaps.length > 0 && <StatusTag tone="warn">{t.overlap}</StatusTag>}
      {a.pending === 1 && <StatusTag tone="neutral">{t.notSynced}</StatusTag>}
    </>
  );
}

/** 施術者・状態 (and the overlap), which a screen reader reads after the time and the name. */
const hiddenFacts = (a: AppointmentView) =>
  [a.staffName, statusLabel(a.status), ...(a.overlaps.length ? [t.overlap] : [])].join('・');
