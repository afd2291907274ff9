import { Select } from 'antd';
import { ja } from '../../i18n/ja';

const t = ja.pickers.visit;

/** What the picker needs of a visit: the screen's hook reads them for the chosen customer. */
export type VisitChoice = { id: string; date: string; serviceMenu: string };

export type VisitPickerProps = {
  /** The chosen customer; without one the picker is disabled and says why. */
  customerId: string | null;
  /** That customer's visits, newest first; null while they load. */
  visits: readonly VisitChoice[] | null;
  value: string | null;
  onChange: (id: string | null) => void;
  id?: string;
};

const labelOf = (v: VisitChoice) => (v.serviceMenu.trim() === '' ? v.date : `${v.date}　${v.serviceMenu}`);

/** Chooses one of a customer's visits (a diagnosis or a capture belongs to one). */
export function VisitPicker({ customerId, visits, value, onChange, id }: VisitPickerProps) {
  const noCustomer = customerId === null;
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
      options={(noCustomer ? [] : (visits ?? [])).map((v) => ({ value: v.id, label: labelOf(v) }))}
      notFoundContent={visits === null ? t.loading : t.empty}
      onChange={(chosen) => onChange(chosen ?? null)}
    />
  );
}
