import { Select } from 'antd';
import { useMemo } from 'react';
import { ja } from '../../i18n/ja';
import { visitLabels, type VisitChoice } from './visit-label';

const t = ja.pickers.visit;

export type { VisitChoice };

export type VisitPickerProps = {
  /** The chosen customer; without one the picker is disabled and says why. */
  customerId: string | null;
  /** That customer's visits, newest first; null while they load. */
  visits: readonly VisitChoice[] | null;
  value: string | null;
  onChange: (id: string | null) => void;
  id?: string;
};

/** Chooses one of a customer's visits (a diagnosis or a capture belongs to one). */
export function VisitPicker({ customerId, visits, value, onChange, id }: VisitPickerProps) {
  const noCustomer = customerId === null;
  const options = useMemo(() => {
    const shown = noCustomer ? [] : (visits ?? []);
    const labels = visitLabels(shown);
    return shown.map((v) => ({ value: v.id, label: labels.get(v.id) }));
  }, [noCustomer, visits]);
  return (
    <Select<string | null>
      id={id}
      style={{ width: '100%', minHeight: 44 }}
      aria-label={t.label}
      disabled={noCustomer}
      value={noCustomer ? null : value}
      placeholder={noCustomer ? t.needCustomer : t.placeholder}
      loading={!noCustomer && visits === null}
      allowClear
      options={options}
      notFoundContent={visits === null ? t.loading : t.empty}
      onChange={(chosen) => onChange(chosen ?? null)}
    />
  );
}
