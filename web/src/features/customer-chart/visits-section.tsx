import { formatYen } from '@clinic/sync-protocol';
import type { LocalVisit } from '../../data/clinic-db';
import { ja } from '../../i18n/ja';
import { useCustomerVisits } from '../../data/live';
import { Fact, SectionBody, UnsyncedTag } from './chart-parts';
import { ChartSection, type ChartSectionProps } from './chart-section';

const t = ja.chart.visits;
const labels = ja.visits.form.labels;

function VisitItem({ visit }: { visit: LocalVisit }) {
  return (
    <li className="chart-item">
      <div className="chart-item-head">
        <strong>{visit.date}</strong>
        {visit.pending === 1 && <UnsyncedTag />}
      </div>
      <dl className="chart-facts">
        <Fact label={labels.serviceMenu}>{visit.serviceMenu || t.noMenu}</Fact>
        <Fact label={labels.price}>{formatYen(visit.price)}</Fact>
        <Fact label={labels.staffName}>{visit.staffName}</Fact>
        {visit.notes && (
          <Fact label={labels.notes} wide>
            {visit.notes}
          </Fact>
        )}
      </dl>
    </li>
  );
}

/** 来院履歴: every visit of the customer, newest first, with the whole メモ (the list elsewhere cuts it). */
export function VisitsSection({ customerId }: ChartSectionProps) {
  const { loaded, data: visits = [] } = useCustomerVisits(customerId);
  return (
    <ChartSection title={t.title} extra={loaded && t.count(visits.length)}>
      <SectionBody loaded={loaded} empty={visits.length === 0 ? t.empty : null}>
        <ul className="chart-list">
          {visits.map((visit) => (
            <VisitItem key={visit.id} visit={visit} />
          ))}
        </ul>
      </SectionBody>
    </ChartSection>
  );
}
