import { PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { SLOT_MINUTES, clockMinutes } from '@clinic/sync-protocol/rules';
import { memo } from 'react';
import type { AppointmentView } from '../../data/live';
import { jaAppointments } from '../../i18n/ja-appointments';
import { AppointmentFacts } from './appointment-chip';
import type { DayViewProps } from './day-grid';
import { isFree } from './day-layout';

const t = jaAppointments;

/**
 * The narrow 予約表 (a tablet upright, a phone): the day by quarter hour, each appointment under the time it
 * starts with its 施術者 as a chip, and where someone is free a button that books that time.
 */
export const DayList = memo(function DayList({
  date,
  slots,
  practitioners,
  day,
  movingId,
  onSlot,
  onOpen,
}: DayViewProps) {
  const startsIn = (slot: string) => {
    const from = clockMinutes(slot);
    return day.filter((a) => clockMinutes(a.start) >= from && clockMinutes(a.start) < from + SLOT_MINUTES);
  };
  return (
    <ol className="appt-list" aria-label={t.grid}>
      {slots.map((slot) => {
        const starting: AppointmentView[] = startsIn(slot);
        const free = practitioners.find((staff) => isFree(day, date, slot, staff, movingId ?? undefined));
        if (!starting.length && !free) return null;
        return (
          <li key={slot} className="appt-list-row">
            <span className="appt-list-time">{slot}</span>
            <div className="appt-list-items">
              {starting.map((a) => (
                <button
                  key={a.id}
                  type="button"
                  className={`appt-list-item appt-item-${a.status}${a.overlaps.length ? ' appt-item-overlap' : ''}`}
                  onClick={() => onOpen(a)}
                >
                  <AppointmentFacts appointment={a} showStaff />
                </button>
              ))}
              {free !== undefined && (
                <Button type="dashed" icon={<PlusOutlined aria-hidden />} onClick={() => onSlot(slot, free)}>
                  {t.bookAt(slot)}
                </Button>
              )}
            </div>
          </li>
        );
      })}
    </ol>
  );
});
