import { ja } from '../../../i18n/ja';
import { jaPainHistory } from '../../../i18n/ja-pain-history';
import { SectionBody } from '../chart-parts';
import { ChartSection, type ChartSectionProps } from '../chart-section';
import { CompareRecords } from './compare-records';
import { DiagnosisList } from './diagnosis-list';
import { HeatMapPanel } from './heat-map-panel';
import { LatestMap } from './latest-map';
import { PainTrend } from './pain-trend';
import { usePainHistory } from './use-pain-history';
import './pain-history.css';

const t = ja.chart.diagnoses;

/**
 * 問診・診断: the customer's pain history, all worked out on the device from its own records: the
 * latest map beside the survey's areas, the chart of max and average pain, the heat map of every
 * record with the chronic areas, a comparison of two records, and the list of records.
 */
export function DiagnosesSection({ customerId }: ChartSectionProps) {
  const { loaded, history, pains, heat, chronic } = usePainHistory(customerId);
  const [latest] = history;
  return (
    <ChartSection title={t.title} extra={loaded && jaPainHistory.list.count(history.length)}>
      <SectionBody loaded={loaded} empty={latest ? null : t.empty}>
        {latest && (
          <div className="ph">
            <LatestMap customerId={customerId} latest={latest} />
            <PainTrend pains={pains} />
            <HeatMapPanel heat={heat} chronic={chronic} records={history.length} />
            <CompareRecords history={history} />
            <DiagnosisList history={history} />
          </div>
        )}
      </SectionBody>
    </ChartSection>
  );
}
