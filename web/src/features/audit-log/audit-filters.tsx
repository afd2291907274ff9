import type { ManagedUser } from '@clinic/sync-protocol';
import { Button, Select } from 'antd';
import Input from 'antd/es/input/Input';
import { CustomerPicker } from '../../components/customer-picker';
import { jaAuditLog } from '../../i18n/ja-admin-logs';
import { actionLabel } from './action-label';
import { NO_AUDIT_FILTER, type AuditScreenFilter } from './use-audit-log';

const t = jaAuditLog.filters;

type Props = { filter: AuditScreenFilter; users: ManagedUser[]; actions: string[]; onChange: (filter: AuditScreenFilter) => void };

/** By user, patient, action and date (inclusive, Japan time); any change starts again at the first page. */
export function AuditFilters({ filter, users, actions, onChange }: Props) {
  const set = (patch: Partial<AuditScreenFilter>) => onChange({ ...filter, ...patch, page: 0 });
  return (
    <div className="audit-filters">
      <label className="audit-filter">
        <span id="audit-user-label">{t.user}</span>
        <Select
          size="large"
          aria-labelledby="audit-user-label"
          value={filter.userId}
          onChange={(userId: string) => set({ userId })}
          options={[{ value: '', label: t.all }, ...users.map((u) => ({ value: u.id, label: u.username }))]}
          style={{ minWidth: 180 }}
        />
      </label>
      <div className="audit-filter audit-filter-customer">
        <label htmlFor="audit-customer">{t.customer}</label>
        <CustomerPicker id="audit-customer" value={filter.customerId} onChange={(customerId) => set({ customerId })} />
      </div>
      <label className="audit-filter">
        <span id="audit-action-label">{t.action}</span>
        <Select
          size="large"
          aria-labelledby="audit-action-label"
          value={filter.action}
          onChange={(action: string) => set({ action })}
          options={[{ value: '', label: t.all }, ...actions.map((a) => ({ value: a, label: actionLabel(a) }))]}
          style={{ minWidth: 200 }}
        />
      </label>
      <label className="audit-filter">
        <span>{t.from}</span>
        <Input type="date" size="large" min="2020-01-01" max="2100-12-31" value={filter.from} onChange={(e) => set({ from: e.target.value })} />
      </label>
      <label className="audit-filter">
        <span>{t.to}</span>
        <Input type="date" size="large" min="2020-01-01" max="2100-12-31" value={filter.to} onChange={(e) => set({ to: e.target.value })} />
      </label>
      <Button size="large" disabled={JSON.stringify(filter) === JSON.stringify(NO_AUDIT_FILTER)} onClick={() => onChange(NO_AUDIT_FILTER)}>
        {t.clear}
      </Button>
    </div>
  );
}
