import { OPERATION_TYPES } from '@clinic/sync-protocol/admin/limits';
import { Button, Input, Select } from 'antd';
import { FilterBar, FilterField } from '../../components/filter-bar';
import { Segmented } from '../../components/segmented';
import { jaOperationLogs } from '../../i18n/ja-admin-logs';
import { operationLabel } from './operation-format';
import { NO_FILTER, type LogFilter } from './use-operation-logs';

const t = jaOperationLogs.filters;

type Props = { filter: LogFilter; onChange: (filter: LogFilter) => void };

/** Spec 2 "Filters: date, operation type, error presence"; any change starts again at the first page. */
export function LogFilters({ filter, onChange }: Props) {
  const set = (patch: Partial<LogFilter>) => onChange({ ...filter, ...patch, page: 0 });
  return (
    <FilterBar>
      <FilterField label={t.date}>
        {(_, id) => (
          <Input
            id={id}
            type="date"
            size="large"
            min="2020-01-01"
            max="2100-12-31"
            value={filter.date}
            onChange={(e) => set({ date: e.target.value })}
          />
        )}
      </FilterField>
      <FilterField label={t.operation}>
        {(labelId) => (
          <Select
            size="large"
            aria-labelledby={labelId}
            value={filter.operation}
            onChange={(operation: string) => set({ operation })}
            options={[
              { value: '', label: t.all },
              ...OPERATION_TYPES.map((op) => ({ value: op, label: operationLabel(op) })),
            ]}
            style={{ minWidth: 220 }}
          />
        )}
      </FilterField>
      <FilterField label={t.hasError}>
        {(labelId) => (
          <Segmented
            size="large"
            aria-labelledby={labelId}
            value={filter.hasError}
            onChange={(hasError) => set({ hasError })}
            options={[
              { value: 'all', label: t.all },
              { value: 'yes', label: t.withError },
              { value: 'no', label: t.withoutError },
            ]}
          />
        )}
      </FilterField>
      <Button
        size="large"
        disabled={JSON.stringify(filter) === JSON.stringify(NO_FILTER)}
        onClick={() => onChange(NO_FILTER)}
      >
        {t.clear}
      </Button>
    </FilterBar>
  );
}
