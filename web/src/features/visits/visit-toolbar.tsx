import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { memo } from 'react';
import { CustomerPickerOnDemand } from '../../components/customer-picker';
import { SyncNowButton } from '../../components/sync-now';
import { ja } from '../../i18n/ja';
import { PatientFilterChip } from './patient-filter-chip';
import { VisitDateRange } from './visit-date-range';
import type { DateRange } from './visit-range';
import './visit-toolbar.css';

const t = ja.visits;

type ActionProps = { onAdd: () => void; onExport: () => void; canExport: boolean };

/** 新規来院記録, 同期 (sync now) and CSV出力 (exactly the rows the list shows). */
const Actions = memo(function Actions({ onAdd, onExport, canExport }: ActionProps) {
  return (
    <div className="visit-toolbar-actions">
      <Button type="primary" size="large" icon={<PlusOutlined aria-hidden />} onClick={onAdd}>
        {t.add}
      </Button>
      <SyncNowButton text={t.refresh} label={t.refreshLabel} offlineMessage={t.syncOffline} />
      <Button
        size="large"
        icon={<DownloadOutlined aria-hidden />}
        aria-label={t.exportLabel}
        disabled={!canExport}
        onClick={onExport}
      >
        {t.exportCsv}
      </Button>
    </div>
  );
});

type Props = ActionProps & {
  range: DateRange;
  onRangeChange: (range: DateRange) => void;
  customerId: string | null;
  onCustomerChange: (id: string | null) => void;
};

/**
 * The buttons, then the conditions: the dates and a customer. On a tablet they take two lines; on a
 * phone they wrap, each control still a finger's size.
 */
export function VisitToolbar({
  onAdd,
  onExport,
  canExport,
  range,
  onRangeChange,
  customerId,
  onCustomerChange,
}: Props) {
  return (
    <div className="visit-toolbar">
      <Actions onAdd={onAdd} onExport={onExport} canExport={canExport} />
      <div role="group" aria-label={t.filters.label} className="visit-filters">
        <VisitDateRange range={range} onChange={onRangeChange} />
        <div className="visit-customer-filter">
          <CustomerPickerOnDemand.Component value={customerId} onChange={onCustomerChange} showDetails />
        </div>
      </div>
      {customerId && <PatientFilterChip customerId={customerId} onClear={() => onCustomerChange(null)} />}
    </div>
  );
}
