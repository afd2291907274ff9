import type { ManagedUser } from '@clinic/sync-protocol';
import { Button, Input, Select } from 'antd';
import { CustomerPicker } from '../../components/customer-picker';
import { FilterBar, FilterField } from '../../components/filter-bar';
import { jaAuditLog } from '../../i18n/ja-admin-logs';
import { actionLabel } from './action-label';
import { NO_AUDIT_FILTER, type AuditScreenFilter } from './use-audit-log';

const t = jaAuditLog.filters;

type Props = {
  filter: AuditScreenFilter;
  users: ManagedUser[];
  actions: string[];
  onChange: (filter: AuditScreenFilter) => void;
};

const dateInput = (id: string, value: string, onChange: (value: string) => void) => (
  <Input
    id={id}
    type="date"
    size="large"
    min="2020-01-01"
    max="2100-12-31"
    value={value}
    onChange={(e) => onChange(e.target.value)}
  />
);

/** By user, patient, action and date (inclusive, Japan time); any change starts again at the first page. */
export function AuditFilters({ filter, users, actions, onChange }: Props) {
  const set = (patch: Partial<AuditScreenFilter>) => onChange({ ...filter, ...patch, page: 0 });
  const choices = (all: { value: string; label: string }[]) => [{ value: '', label: t.all }, ...all];
  return (
    <FilterBar>
      <FilterField label={t.user}>
        {(labelId) => (
          <Select
            size="large"
            aria-labelledby={labelId}
            value={filter.userId}
            onChange={(userId: string) => set({ userId })}
            options={choices(
              users.map((u) => ({
                value: u.id,
                label: u.display_name ? `${u.display_name}（${u.username}）` : u.username,
              })),
            )}
            style={{ minWidth: 180 }}
          />
        )}
      </FilterField>
      <FilterField label={t.customer}>
        {(_, id) => (
          <div className="audit-filter-customer">
            <CustomerPicker id={id} value={filter.customerId} onChange={(customerId) => set({ customerId })} />
          </div>
        )}
      </FilterField>
      <FilterField label={t.action}>
        {(labelId) => (
          <Select
            size="large"
            aria-labelledby={labelId}
            value={filter.action}
            onChange={(action: string) => set({ action })}
            options={choices(actions.map((a) => ({ value: a, label: actionLabel(a) })))}
            style={{ minWidth: 200 }}
          />
        )}
      </FilterField>
      <FilterField label={t.from}>{(_, id) => dateInput(id, filter.from, (from) => set({ from }))}</FilterField>
      <FilterField label={t.to}>{(_, id) => dateInput(id, filter.to, (to) => set({ to }))}</FilterField>
      <Button
        size="large"
        disabled={JSON.stringify(filter) === JSON.stringify(NO_AUDIT_FILTER)}
        onClick={() => onChange(NO_AUDIT_FILTER)}
      >
        {t.clear}
      </Button>
    </FilterBar>
  );
}
