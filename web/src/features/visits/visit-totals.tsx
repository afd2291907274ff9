import { formatYen } from '@clinic/sync-protocol';
import { memo } from 'react';
import { ja } from '../../i18n/ja';
import type { DateRange } from './visit-range';
import { totalsLabel } from './visit-range';

const t = ja.visits.totals;

type Props = { range: DateRange; totals: { count: number; total: number } | null };

/**
 * 日計：3件　¥12,000 for one day, 期間合計：42件　¥168,000 otherwise: what the list shows, no more. Null
 * while the list holds only its newest rows: the line keeps its place, empty, until the whole list is read.
 */
export const VisitTotals = memo(function VisitTotals({ range, totals }: Props) {
  return (
    <p className="visit-totals" aria-live="polite">
      {totals ? t.line(totalsLabel(range), totals.count, formatYen(totals.total)) : '\u00a0'}
    </p>
  );
});
