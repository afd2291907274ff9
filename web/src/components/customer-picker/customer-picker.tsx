import { customerAge, todayInJapan } from '@clinic/sync-protocol';
import { Select } from 'antd';
import { useState } from 'react';
import type { LocalCustomer } from '../../data/clinic-db';
import { ja } from '../../i18n/ja';
import { Text } from '../text';
import { type CustomerOption, useCustomerOptions } from './use-customer-options';
import './customer-picker.css';

const t = ja.pickers.customer;

export type CustomerPickerProps = {
  value: string | null;
  onChange: (id: string | null, customer: LocalCustomer | null) => void;
  /** The form item's id, so its label points here. */
  id?: string;
  disabled?: boolean;
  allowClear?: boolean;
  /** The chosen customer is shown with カルテ番号 and age (the current patient, issue 24). */
  showDetails?: boolean;
};

function OptionView({ customer }: { customer: LocalCustomer }) {
  return (
    <div className="customer-picker-option">
      <span className="customer-picker-name">{customer.name}</span>
      {customer.nameKana && <span className="customer-picker-kana">{customer.nameKana}</span>}
      <Text type="secondary" className="customer-picker-chart">
        {customer.chartNumber === null ? t.unsynced : t.chartNumber(customer.chartNumber)}
      </Text>
    </div>
  );
}

/** The chosen customer in the box: the name, and with `details` the カルテ番号 and age a clinician checks. */
function ChosenView({ customer, details }: { customer: LocalCustomer; details: boolean }) {
  if (!details) return customer.name;
  const age = customerAge(customer, todayInJapan());
  return (
    <span className="customer-picker-chosen">
      <span className="customer-picker-name">{customer.name}</span>
      <span className="customer-picker-detail">
        {customer.chartNumber === null ? t.unsynced : t.chartNumber(customer.chartNumber)}
      </span>
      {age !== null && <span className="customer-picker-detail">{ja.chart.age(age)}</span>}
    </span>
  );
}

/**
 * Chooses a customer from the device's list: type a name or フリガナ in hiragana, katakana or
 * half-width kana, or a カルテ番号 or phone number. Works offline; fast with 10,000 customers (only the
 * first matches are listed, and the list renders only the rows in view).
 */
export function CustomerPicker({
  value,
  onChange,
  id,
  disabled,
  allowClear = true,
  showDetails = false,
}: CustomerPickerProps) {
  const [query, setQuery] = useState('');
  const { loaded, options, hidden } = useCustomerOptions(query, value);
  return (
    <Select<string | null, CustomerOption>
      id={id}
      className="customer-picker"
      value={value}
      disabled={disabled}
      allowClear={allowClear}
      placeholder={t.placeholder}
      aria-label={t.label}
      loading={!loaded}
      options={options}
      showSearch={{ filterOption: false, onSearch: setQuery, searchValue: query }}
      optionRender={(option) => <OptionView customer={option.data.customer} />}
      labelRender={({ value: chosen }) => {
        const customer = options.find((o) => o.value === chosen)?.customer;
        return customer ? <ChosenView customer={customer} details={showDetails} /> : '';
      }}
      notFoundContent={loaded ? t.empty : t.loading}
      popupRender={(menu) => (
        <>
          {menu}
          {hidden > 0 && <div className="customer-picker-more">{t.more(hidden)}</div>}
        </>
      )}
      onChange={(chosen, option) => {
        setQuery('');
        const picked = Array.isArray(option) ? undefined : option;
        onChange(chosen ?? null, picked?.customer ?? null);
      }}
    />
  );
}
