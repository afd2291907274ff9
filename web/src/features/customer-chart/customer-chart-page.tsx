import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { useCurrentPatient } from '../../components/current-patient/use-current-patient';
import { EmptyState } from '../../components/empty-state';
import { PageSpinner } from '../../components/page-spinner/page-spinner';
import { ja } from '../../i18n/ja';
import { BackToList } from './back-to-list';
import { ChartActions } from './chart-actions';
import type { ChartDialogs } from './chart-dialogs';
import { ChartHeader } from './chart-header';
import { CHART_SECTIONS } from './chart-sections';
import { useChartCustomer } from './use-chart-customer';
import './customer-chart.css';

const t = ja.chart;

/**
 * The customer's chart (カルテ): who they are, today's appointment with the buttons that record it, then
 * a card per kind of record. Everything is read from
 * the device, so it opens offline; a deleted customer's chart still shows them and their records.
 */
export default function CustomerChartPage({ dialogs = null }: { dialogs?: ChartDialogs | null }) {
  const { id = '' } = useParams();
  const { loaded, data: customer } = useChartCustomer(id);
  const { choose } = useCurrentPatient();
  const live = customer && !customer.deleted ? customer.id : null;
  // Opening a patient's chart picks them for the session: the other screens open with them chosen.
  useEffect(() => {
    if (live) choose(live);
  }, [live, choose]);

  if (!loaded) return <PageSpinner />;
  if (!customer) {
    return (
      <div className="chart">
        <EmptyState description={<ChartNotFound />}>
          <BackToList />
        </EmptyState>
      </div>
    );
  }
  return (
    <div className="chart">
      <div>
        <BackToList />
      </div>
      <ChartHeader customer={customer} />
      {!customer.deleted && <ChartActions customer={customer} dialogs={dialogs} />}
      {CHART_SECTIONS.map(({ key, Section }) => (
        <Section key={key} customerId={customer.id} />
      ))}
    </div>
  );
}

function ChartNotFound() {
  return (
    <>
      <h2 className="chart-not-found">{t.notFound}</h2>
      <p>{t.notFoundText}</p>
    </>
  );
}
