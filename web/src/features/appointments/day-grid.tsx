import { memo, type CSSProperties } from 'react';
import type { AppointmentView } from '../../data/live';
import { jaAppointments } from '../../i18n/ja-appointments';
import { AppointmentFacts } from './appointment-chip';
import { isFree, placeColumn } from './day-layout';

const t = jaAppointments;

export type DayViewProps = {
  date: string;
  slots: readonly string[];
  practitioners: readonly string[];
  day: readonly AppointmentView[];
  /** The appointment being moved (時間を変更), whose old time counts as free. */
  movingId: string | null;
  onSlot: (start: string, staff: string) => void;
  onOpen: (appointment: AppointmentView) => void;
};

/**
 * The wide 予約表: a column per 施術者, a row per quarter hour. A free quarter hour is a button that books
 * it; an appointment is a button that opens it. Cancelled ones leave the grid (they are listed below it).
 */
export const DayGrid = memo(function DayGrid({
  date,
  slots,
  practitioners,
  day,
  movingId,
  onSlot,
  onOpen,
}: DayViewProps) {
  const first = slots[0];
  if (!first) return null;
  const style = { '--appt-cols': practitioners.length, '--appt-rows': slots.length } as CSSProperties;
  return (
    <div className="appt-grid" role="region" aria-label={t.grid} style={style}>
      <div className="appt-grid-head" aria-hidden>
        <span />
        {practitioners.map((staff) => (
          <span key={staff} className="appt-grid-staff">
            {staff}
          </span>
        ))}
      </div>
      <div className="appt-grid-body">
        <div className="appt-grid-times" aria-hidden>
          {slots.map((slot) => (
            <span key={slot} className="appt-grid-time">
              {slot.endsWith(':00') || slot.endsWith(':30') ? slot : ''}
            </span>
          ))}
        </div>
        {practitioners.map((staff) => (
          <div key={staff} className="appt-grid-col" role="group" aria-label={staff}>
            {slots.map((slot, row) =>
              isFree(day, date, slot, staff, movingId ?? undefined) ? (
                <button
                  key={slot}
                  type="button"
                  className="appt-free"
                  style={{ top: `calc(${row} * var(--appt-row))` }}
                  aria-label={t.freeSlot(slot, staff)}
                  onClick={() => onSlot(slot, staff)}
                />
              ) : null,
            )}
            {placeColumn(day, staff, first).map(({ appointment, top, span, lane, lanes }) => (
              <button
                key={appointment.id}
                type="button"
                className={`appt-item appt-item-${appointment.status}${appointment.overlaps.length ? ' appt-item-overlap' : ''}${appointment.id === movingId ? ' appt-item-moving' : ''}`}
                style={{
                  top: `calc(${top} * var(--appt-row))`,
                  height: `calc(${span} * var(--appt-row) - 2px)`,
                  left: `${(lane / lanes) * 100}%`,
                  width: `${100 / lanes}%`,
                }}
                onClick={() => onOpen(appointment)}
              >
                <AppointmentFacts appointment={appointment} showStaff={false} />
              </button>
            ))}
          </div>
        ))}
      </div>
    </div>
  );
});
