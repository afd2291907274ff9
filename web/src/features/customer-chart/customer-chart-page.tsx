import { useParams } from 'react-router-dom';
import { EmptyState } from '../../components/empty-state';
import { PageSpinner } from '../../components/page-spinner/page-spinner';
import { ja } from '../../i18n/ja';
import { BackToList } from './back-to-list';
import { ChartHeader } from './chart-header';
import { CHART_SECTIONS } from './chart-sections';
import { useChartCustomer } from './use-chart-customer';
import './customer-chart.css';

const t = ja.chart;

/**
 * The customer's chart (カルテ): who they are, then a card per kind of record. Everything is read from
 * the device, so it opens offline; a deleted customer's chart still shows them and their records.
 */
export default function CustomerChartPage() {
  const { id = '' } = useParams();
  const { loaded, data: customer } = useChartCustomer(id);

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
