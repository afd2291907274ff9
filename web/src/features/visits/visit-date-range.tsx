import { Button } from 'antd';
import { memo } from 'react';
import { LightInput } from '../../components/light-input';
import { ja } from '../../i18n/ja';
import { oneDay, thisMonth, withFrom, withTo, type DateRange } from './visit-range';

const t = ja.visits.filters;

type Props = { range: DateRange; onChange: (range: DateRange) => void };

/**
 * 開始日〜終了日 as the device's own date pickers (a finger-sized wheel or calendar on a tablet or phone),
 * and one-tap 今日 (the 日計) and 今月. Clearing a box leaves that side open.
 */
export const VisitDateRange = memo(function VisitDateRange({ range, onChange }: Props) {
  return (
    <div className="visit-date-range">
      <span className="visit-date-inputs">
        <LightInput
          type="date"
          className="visit-date"
          aria-label={t.from}
          value={range.from ?? ''}
          min="1900-01-01"
          max="2100-12-31"
          onChange={(e) => onChange(withFrom(range, e.target.value))}
        />
        <span aria-hidden>{t.rangeSeparator}</span>
        <LightInput
          type="date"
          className="visit-date"
          aria-label={t.to}
          value={range.to ?? ''}
          min="1900-01-01"
          max="2100-12-31"
          onChange={(e) => onChange(withTo(range, e.target.value))}
        />
      </span>
      <span className="visit-date-presets">
        <Button size="large" onClick={() => onChange(oneDay())}>
          {t.today}
        </Button>
        <Button size="large" onClick={() => onChange(thisMonth())}>
          {t.thisMonth}
        </Button>
      </span>
    </div>
  );
});
