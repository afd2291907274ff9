import type { AppSettings } from '@clinic/sync-protocol/settings';
import { WEEKDAY_NAMES, type DayHours } from '@clinic/sync-protocol/rules';
import { Checkbox, Input } from 'antd';
import { jaAppointments } from '../../i18n/ja-appointments';

const t = jaAppointments.hours;
// Monday first, as a clinic's week is read.
const ORDER = [1, 2, 3, 4, 5, 6, 0] as const;
const OPEN_DAY = { open: '09:00', close: '19:00' };

/**
 * 診療時間 (issue 41): each weekday's opening and closing, or 休診日; the 予約表 shows these hours. Only
 * administrators change them; a bad pair (closing before opening) is refused by the settings' own check.
 */
export function HoursSection({
  settings,
  onChange,
  isAdmin,
}: {
  settings: AppSettings;
  onChange: (patch: Partial<AppSettings>) => void;
  isAdmin: boolean;
}) {
  const setDay = (weekday: number, hours: DayHours) => {
    const next = [...settings.clinicHours] as [DayHours, DayHours, DayHours, DayHours, DayHours, DayHours, DayHours];
    next[weekday] = hours;
    onChange({ clinicHours: next });
  };
  return (
    <section className="settings-section" aria-labelledby="settings-hours">
      <h2 id="settings-hours">{t.title}</h2>
      <p>
        {t.help}
        {isAdmin ? '' : t.adminOnly}
      </p>
      <ul className="settings-hours">
        {ORDER.map((weekday) => {
          const name = WEEKDAY_NAMES[weekday];
          const day = settings.clinicHours[weekday];
          return (
            <li key={weekday} className="settings-hours-day">
              <span className="settings-hours-name">{t.day(name)}</span>
              <Checkbox
                checked={day === null}
                disabled={!isAdmin}
                onChange={(e) => setDay(weekday, e.target.checked ? null : OPEN_DAY)}
              >
                {t.closed}
              </Checkbox>
              {day && (
                <>
                  <Input
                    type="time"
                    step={900}
                    size="large"
                    aria-label={t.open(name)}
                    value={day.open}
                    disabled={!isAdmin}
                    onChange={(e) => setDay(weekday, { ...day, open: e.target.value })}
                  />
                  <span aria-hidden>〜</span>
                  <Input
                    type="time"
                    step={900}
                    size="large"
                    aria-label={t.close(name)}
                    value={day.close}
                    disabled={!isAdmin}
                    onChange={(e) => setDay(weekday, { ...day, close: e.target.value })}
                  />
                </>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
