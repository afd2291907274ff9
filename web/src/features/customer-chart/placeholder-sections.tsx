import { EmptyState } from '../../components/empty-state';
import { ja } from '../../i18n/ja';
import { ChartSection } from './chart-section';

const t = ja.chart;

// Its records arrive with a later screen; until then the card says plainly that there are none
// (and is left off the printed chart).
export function MediaSection() {
  return (
    <div className="chart-no-print">
      <ChartSection title={t.media.title}>
        <EmptyState description={t.media.empty} />
      </ChartSection>
    </div>
  );
}
