import { useSession } from '../auth';
import { personName } from '@clinic/sync-protocol';
import { onDemand } from '../components/on-demand';
import { useToast } from '../components/toast';
import CustomerChartPage from '../features/customer-chart/customer-chart-page';
import type { ChartDialogs } from '../features/customer-chart/chart-dialogs';
import { ja } from '../i18n/ja';

// The forms belong to the customer and visit screens; the shell lends them to the chart (a screen never
// imports another). Each loads at its first tap, as on its own screen.
const customerForm = onDemand(() =>
  import('../features/customers/customer-form-dialog').then((m) => m.CustomerFormDialog),
);
const visitForm = onDemand(() => import('../features/visits/visit-form-dialog').then((m) => m.VisitFormDialog));

const EditCustomer: ChartDialogs['EditCustomer'] = ({ customer, onClose, onOpenExisting }) => {
  const toast = useToast();
  return (
    <customerForm.Component
      customer={customer}
      onOpenExisting={onOpenExisting}
      onClose={(result) => {
        if (result && result.outcome !== 'unchanged') toast.success(ja.customers.form.updated);
        onClose(result !== null && result.outcome !== 'unchanged');
      }}
    />
  );
};

const RecordVisit: ChartDialogs['RecordVisit'] = ({ customerId, from, onClose }) => {
  const toast = useToast();
  const user = useSession()?.user;
  // 担当者 of a new visit: the person by the name the clinic writes (佐藤 花子), else the user name.
  const staffName = user ? personName(user) : '';
  return (
    <visitForm.Component
      visit={null}
      defaults={
        from
          ? { customerId, staffName: from.staffName || staffName, date: from.date, serviceMenu: from.serviceMenu }
          : { staffName, customerId }
      }
      onClose={(result) => {
        if (result && result.outcome === 'created') toast.success(ja.visits.form.created);
        onClose(result?.outcome === 'created' ? result.id : null);
      }}
    />
  );
};

const dialogs: ChartDialogs = { EditCustomer, RecordVisit };

/** /customers/:id: the chart, with the customer and visit forms it opens in place. */
export default function CustomerChartScreen() {
  return <CustomerChartPage dialogs={dialogs} />;
}
