import { useMemo } from 'react';
import type { LocalCustomer } from '../../data/clinic-db';
import { ja } from '../../i18n/ja';
import { type CustomerEntry, useCustomerSearch, useCustomers } from '../../data';

/** How many matches the list shows; typing narrows the rest (a list of 10,000 helps no one). */
export const MAX_CUSTOMER_OPTIONS = 50;

export type CustomerOption = { value: string; label: string; customer: LocalCustomer };
export type CustomerOptions = { loaded: boolean; options: CustomerOption[]; hidden: number };

const t = ja.pickers.customer;

/** A customer one can pick: a record without an id or a name cannot be told apart or saved against. */
const pickable = ({ customer }: CustomerEntry) =>
  typeof customer.id === 'string' && customer.id !== '' && customer.name.trim() !== '';

/** The words a person (and a screen reader) reads for one customer: name, フリガナ, カルテ番号. */
export function customerOptionLabel(customer: LocalCustomer): string {
  const chart = customer.chartNumber === null ? t.unsynced : t.chartNumber(customer.chartNumber);
  return [customer.name, customer.nameKana, chart].filter((part) => part.trim() !== '').join('　');
}

const toOption = (customer: LocalCustomer): CustomerOption => ({
  value: customer.id,
  label: customerOptionLabel(customer),
  customer,
});

/**
 * The picker's choices for what is typed (kana-insensitive, from the device's customers, offline too).
 * The chosen customer stays among them, so its name shows even when the search would hide it.
 */
export function useCustomerOptions(query: string, selectedId: string | null): CustomerOptions {
  const { loaded, entries } = useCustomerSearch(query);
  const all = useCustomers().entries;
  return useMemo(() => {
    const matches = entries.filter(pickable);
    const shown = matches.slice(0, MAX_CUSTOMER_OPTIONS).map((e) => toOption(e.customer));
    if (selectedId !== null && !shown.some((o) => o.value === selectedId)) {
      const selected = all.find((e) => e.customer.id === selectedId);
      if (selected && pickable(selected)) shown.unshift(toOption(selected.customer));
    }
    return { loaded, options: shown, hidden: Math.max(0, matches.length - MAX_CUSTOMER_OPTIONS) };
  }, [loaded, entries, all, selectedId]);
}
