import { Alert, Button } from 'antd';
import type { AppointmentView } from '../../data/live';
import { jaAppointments } from '../../i18n/ja-appointments';
import { timeOf } from './appointment-words';

const t = jaAppointments;

/**
 * 予約が重なっています: every appointment of the day that overlaps another of its 施術者 (two tablets booked
 * one slot offline, say), each with 時間を変更 and キャンセル at hand, until one is moved or cancelled.
 */
export function OverlapAlert({
  day,
  onMove,
  onCancel,
}: {
  day: readonly AppointmentView[];
  onMove: (a: AppointmentView) => void;
  onCancel: (a: AppointmentView) => void;
}) {
  const overlapping = day.filter((a) => a.overlaps.length > 0);
  if (!overlapping.length) return null;
  return (
    <Alert
      type="warning"
      showIcon
      role="alert"
      message={t.overlap}
      description={
        <>
          <p>{t.overlapHint}</p>
          <ul className="appt-overlaps">
            {overlapping.map((a) => (
              <li key={a.id}>
                <span>
                  {timeOf(a)} {a.customerName}（{a.staffName}）
                </span>
                <Button onClick={() => onMove(a)} aria-label={`${t.actions.move}：${timeOf(a)} ${a.customerName}`}>
                  {t.actions.move}
                </Button>
                <Button
                  danger
                  onClick={() => onCancel(a)}
                  aria-label={`${t.actions.cancel}：${timeOf(a)} ${a.customerName}`}
                >
                  {t.actions.cancel}
                </Button>
              </li>
            ))}
          </ul>
        </>
      }
    />
  );
}
