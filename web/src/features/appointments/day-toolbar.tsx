import { LeftOutlined, PlusOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Input } from 'antd';
import { WEEKDAY_NAMES, addDays, isCalendarDate, todayInJapan, weekdayOf } from '@clinic/sync-protocol/rules';
import { jaAppointments } from '../../i18n/ja-appointments';
import './appointments.css';

const t = jaAppointments.toolbar;

type Props = { date: string; onDate: (date: string) => void; onAdd: () => void };

/** 前の日 / 今日 / 次の日, the day itself (a date field), and 予約を追加. */
export function DayToolbar({ date, onDate, onAdd }: Props) {
  return (
    <div className="appt-toolbar">
      <div className="appt-toolbar-days">
        <Button size="large" icon={<LeftOutlined aria-hidden />} onClick={() => onDate(addDays(date, -1))}>
          {t.previousDay}
        </Button>
        <Button size="large" onClick={() => onDate(todayInJapan())}>
          {t.today}
        </Button>
        <Button size="large" onClick={() => onDate(addDays(date, 1))}>
          {t.nextDay}
          <RightOutlined aria-hidden />
        </Button>
      </div>
      <label className="appt-toolbar-date">
        <span className="appt-sr-only">{t.date}</span>
        <Input
          type="date"
          size="large"
          value={date}
          aria-label={t.date}
          onChange={(e) => {
            if (isCalendarDate(e.target.value)) onDate(e.target.value);
          }}
        />
        <span aria-hidden>（{WEEKDAY_NAMES[weekdayOf(date)]}）</span>
      </label>
      <Button type="primary" size="large" icon={<PlusOutlined aria-hidden />} onClick={onAdd}>
        {t.add}
      </Button>
    </div>
  );
}
