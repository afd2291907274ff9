import { customerAge, japanDateTime, todayInJapan } from '@clinic/sync-protocol';
import { HIGH_PAIN_LEVEL } from '@clinic/sync-protocol/body';
import { memo, type ReactNode } from 'react';
import { highPainPlaces } from '../../components/body-map/high-pain';
import { spotPlace } from '../../components/body-map/marker-name';
import type { LocalCustomer } from '../../data/clinic-db';
import { ja } from '../../i18n/ja';
import { jaBodyMap } from '../../i18n/ja-body-map';
import { jaDiagnosis } from '../../i18n/ja-diagnosis';
import { customerLabel } from '../../data/entities/customer-name';
import type { DraftMarker } from './draft-markers';
import { painFigures } from './pain-figures';

const t = jaDiagnosis.summary;

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="diagnosis-fact">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

type Props = {
  markers: readonly DraftMarker[];
  /** When the record was first stored (ISO); null for one not saved yet. */
  createdAt: string | null;
  customer: LocalCustomer | undefined;
};

/**
 * まとめ: how many spots, the average and highest pain, the spec's wording, where it hurts badly (level
 * 7 or more), how many regions, when it was recorded and whose it is. A healed (消失) spot is counted in 総数 but not as pain.
 */
function SummaryTabContent({ markers, createdAt, customer }: Props) {
  const figures = painFigures(markers);
  const high = highPainPlaces(markers, spotPlace);
  const age = customer ? customerAge(customer, todayInJapan()) : null;
  return (
    <div className="diagnosis-summary">
      <dl className="diagnosis-facts">
        <Fact label={t.total}>
          {t.count(figures.total)}
          {figures.resolved > 0 && `（${t.resolved} ${t.count(figures.resolved)}）`}
        </Fact>
        <Fact label={t.average}>{figures.average === null ? t.none : figures.average.toFixed(1)}</Fact>
        <Fact label={t.max}>{figures.max ?? t.none}</Fact>
        <Fact label={t.wording}>{figures.summary}</Fact>
        <Fact label={jaBodyMap.highPain(HIGH_PAIN_LEVEL)}>{high.length > 0 ? high.join('、') : t.noHighPain}</Fact>
        <Fact label={t.extent}>{t.regions(figures.extent)}</Fact>
        <Fact label={t.recordedAt}>{createdAt ? japanDateTime(createdAt) : t.notSaved}</Fact>
      </dl>
      <h3 className="diagnosis-spots-title">{t.patient}</h3>
      {customer ? (
        <dl className="diagnosis-facts">
          <Fact label={t.name}>{customerLabel(customer)}</Fact>
          <Fact label={t.age}>{age === null ? t.none : t.years(age)}</Fact>
          <Fact label={t.gender}>{ja.customers.gender[customer.gender]}</Fact>
        </dl>
      ) : (
        <p>{t.noCustomer}</p>
      )}
    </div>
  );
}

// Memoised: tapping the figure re-renders the dialog, and this tab stays mounted without changing.
export const SummaryTab = memo(SummaryTabContent);
