import type { AppointmentFields } from '@clinic/sync-protocol';
import { Alert, Button, Grid } from 'antd';
import {
  SLOT_MINUTES,
  WEEKDAY_NAMES,
  clockMinutes,
  clockTime,
  daySlots,
  hoursOf,
  timeRange,
  todayInJapan,
  weekdayOf,
} from '@clinic/sync-protocol/rules';
import { useCallback, useMemo, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { prefixFor } from '../../routing/pages';
import { useCurrentPatient } from '../../components/current-patient';
import { useConfirm } from '../../components/confirm';
import { EmptyState } from '../../components/empty-state';
import { useToast } from '../../components/toast';
import { useDayAppointments, type AppointmentView } from '../../data/live';
import { jaAppointments } from '../../i18n/ja-appointments';
import type { NewAppointmentDefaults } from './appointment-form-values';
import { AppointmentFormDialog } from './appointment-form-dialog';
import { statusLabel, timeOf } from './appointment-words';
import { DayGrid } from './day-grid';
import { DayList } from './day-list';
import { DayToolbar } from './day-toolbar';
import { OverlapAlert } from './overlap-alert';
import { useBookSettings } from './use-book-settings';
import { changeAppointment, type SaveOutcome } from './use-save-appointment';
import './appointments.css';

const t = jaAppointments;
const NONE: readonly AppointmentView[] = [];
const DEFAULT_MINUTES = 60;

type Dialog = { appointment: AppointmentView } | { defaults: NewAppointmentDefaults } | null;

/** 予約表: one day's appointments by 施術者 (a grid when wide, a list by time when narrow), from the device. */
export default function AppointmentsPage() {
  const [params, setParams] = useSearchParams();
  const date = params.get('date') ?? todayInJapan();
  const setDate = useCallback((next: string) => setParams({ date: next }, { replace: true }), [setParams]);
  const { data } = useDayAppointments(date);
  const day = data ?? NONE;
  const { practitioners, hours, listed, me } = useBookSettings(day);
  const slots = useMemo(() => daySlots(hoursOf(hours, date), day), [hours, date, day]);
  const wide = Grid.useBreakpoint().lg ?? false;
  const { customerId } = useCurrentPatient();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [moving, setMoving] = useState<AppointmentView | null>(null);
  const toast = useToast();
  const confirm = useConfirm();
  const navigate = useNavigate();
  const { pathname } = useLocation();

  const newAt = useCallback(
    (start: string, staffName: string) =>
      setDialog({ defaults: { date, start, staffName, customerId, minutes: DEFAULT_MINUTES } }),
    [date, customerId],
  );
  const onSlot = useCallback(
    (start: string, staffName: string) => {
      if (!moving) return newAt(start, staffName);
      const target = moving;
      setMoving(null);
      void changeAppointment(target, { date, start, staffName }).then(
        () => toast.success(t.moved(`${date} ${timeRange(start, target.minutes)}`)),
        () => toast.error(t.actions.failed),
      );
    },
    [moving, newAt, date, toast],
  );
  const onAdd = useCallback(() => {
    const now = todayInJapan() === date ? clockMinutes(new Date().toTimeString().slice(0, 5)) : 0;
    const next = slots.find((s) => clockMinutes(s) >= now) ?? slots[0] ?? clockTime(10 * 60);
    newAt(clockTime(Math.ceil(clockMinutes(next) / SLOT_MINUTES) * SLOT_MINUTES), practitioners[0] ?? me);
  }, [date, slots, newAt, practitioners, me]);
  const onOpen = useCallback((appointment: AppointmentView) => setDialog({ appointment }), []);
  const onMove = useCallback((appointment: AppointmentView) => {
    setDialog(null);
    setMoving(appointment);
  }, []);

  const setStatus = useCallback(
    (a: AppointmentView, status: AppointmentFields['status']) => {
      const apply = () =>
        changeAppointment(a, { status }).then(
          () => {
            setDialog(null);
            toast.success(t.actions.changed(statusLabel(status)));
            // 来院済み: the patient is in the room; their chart opens with 今日の記録.
            if (status === 'visited') void navigate(`${prefixFor(pathname)}/customers/${a.customerId}`);
          },
          () => toast.error(t.actions.failed),
        );
      if (status === 'cancelled' || status === 'noShow')
        confirm({
          title: (status === 'cancelled' ? t.actions.cancelConfirm : t.actions.noShowConfirm)(
            a.customerName,
            timeOf(a),
          ),
          okText: status === 'cancelled' ? t.actions.cancel : t.actions.noShow,
          danger: true,
          onOk: apply,
        });
      else void apply();
    },
    [confirm, navigate, pathname, toast],
  );
  const actions = useMemo(() => ({ onMove, onStatus: setStatus }), [onMove, setStatus]);
  const onClose = useCallback(
    (outcome: SaveOutcome | null) => {
      setDialog(null);
      if (outcome === 'created') toast.success(t.form.created);
      if (outcome === 'updated') toast.success(t.form.updated);
    },
    [toast],
  );

  const remaining = day.filter((a) => a.status === 'booked').length;
  const View = wide ? DayGrid : DayList;
  const off = wide ? day.filter((a) => a.status === 'cancelled' || a.status === 'noShow') : [];
  return (
    <div className="appt-page">
      <DayToolbar date={date} onDate={setDate} onAdd={onAdd} />
      <h2 className="appt-day">
        {t.day(date, WEEKDAY_NAMES[weekdayOf(date)]!)}
        <span className="appt-remaining">{t.remaining(remaining)}</span>
      </h2>
      {!hoursOf(hours, date) && <Alert type="info" showIcon message={t.closed} />}
      {!listed && <Alert type="info" showIcon message={t.noPractitioners} />}
      {moving && (
        <Alert
          type="warning"
          showIcon
          role="status"
          message={t.moving(moving.customerName, timeOf(moving))}
          action={<Button onClick={() => setMoving(null)}>{t.cancelMove}</Button>}
        />
      )}
      <OverlapAlert day={day} onMove={onMove} onCancel={(a) => setStatus(a, 'cancelled')} />
      {slots.length > 0 && (
        <View
          date={date}
          slots={slots}
          practitioners={practitioners}
          day={day}
          movingId={moving?.id ?? null}
          onSlot={onSlot}
          onOpen={onOpen}
        />
      )}
      {data && day.length === 0 && <EmptyState description={t.empty} />}
      {off.length > 0 && (
        <ul className="appt-off" aria-label={`${t.statuses.cancelled}・${t.statuses.noShow}`}>
          {off.map((a) => (
            <li key={a.id}>
              <Button type="text" onClick={() => onOpen(a)}>
                {timeOf(a)} {a.customerName}（{a.staffName}・{statusLabel(a.status)}）
              </Button>
            </li>
          ))}
        </ul>
      )}
      {dialog && (
        <AppointmentFormDialog
          appointment={'appointment' in dialog ? dialog.appointment : null}
          defaults={
            'defaults' in dialog
              ? dialog.defaults
              : { date, start: '10:00', staffName: me, customerId, minutes: DEFAULT_MINUTES }
          }
          practitioners={practitioners}
          hours={hours}
          day={day}
          actions={actions}
          onClose={onClose}
        />
      )}
    </div>
  );
}
