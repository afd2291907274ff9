import { formatYen } from '@clinic/sync-protocol';
import { memo } from 'react';
import { ja } from '../../i18n/ja';
import type { DateRange } from './visit-range';
import { totalsLabel } from './visit-range';

const t = ja.visits.totals;

type Props = { range: DateRange; totals: { count: number; total: number } };

/** 日計：3件　¥12,000 for one day, 期間合計：42件　¥168,000 otherwise: what the list shows, no more. */
export const VisitTotals = memo(function VisitTotals({ range, totals }: Props) {
  return (
    <p className="visit-totals" aria-live="polite">
      {t.line(totalsLabel(range), totals.count, formatYen(totals.total))}
    </p>
  );
});
