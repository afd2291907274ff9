import { EmptyState } from '../../components/empty-state';
import { ja } from '../../i18n/ja';
import { ChartSection } from './chart-section';

const t = ja.chart;

// Their records arrive with later screens; until then each card says plainly that there are none.

export function DiagnosesSection() {
  return (
    <ChartSection title={t.diagnoses.title}>
      <EmptyState description={t.diagnoses.empty} />
    </ChartSection>
  );
}

export function MediaSection() {
  return (
    <ChartSection title={t.media.title}>
      <EmptyState description={t.media.empty} />
    </ChartSection>
  );
}
