import { compactText, phoneDigits } from '@clinic/sync-protocol/rules';
import type { LocalCustomer } from '../../data/clinic-db';

type NameAndPhone = { name: string; phone: string };

/**
 * One key per person as a receptionist would tell two entries apart: the name with every space removed
 * and widths folded (NFKC: ｱ and ア, Ａ and A alike), and the phone as its digits only, so
 * 山田　花子 / ０９０ー１２３４ー５６７８ and 山田花子 / 090-1234-5678 are the same. Null when either is blank.
 */
export function duplicateKey({ name, phone }: NameAndPhone): string | null {
  const nameKey = compactText(name);
  const phoneKey = phoneDigits(phone);
  return nameKey && phoneKey ? `${nameKey}\n${phoneKey}` : null;
}

type Index = Map<string, LocalCustomer>;
const indexes = new WeakMap<readonly { customer: LocalCustomer }[], Index>();

/**
 * The device's customers by duplicate key, built once per list snapshot (the cache hands out a new
 * array only when a customer changes), so a save looks one key up instead of normalising 10,000 rows.
 */
export function duplicateIndex(entries: readonly { customer: LocalCustomer }[]): Index {
  let index = indexes.get(entries);
  if (!index) {
    index = new Map();
    for (const { customer } of entries) {
      const key = duplicateKey(customer);
      if (key !== null && !index.has(key)) index.set(key, customer);
    }
    indexes.set(entries, index);
  }
  return index;
}

/**
 * A live customer on the device with the same name and phone as what is about to be saved, or null.
 * `original` is the customer being edited (null for a new one): an edit is checked only when it changes
 * the name or the phone, and never matches itself.
 */
export function findDuplicate(
  entries: readonly { customer: LocalCustomer }[],
  next: NameAndPhone,
  original: LocalCustomer | null,
): LocalCustomer | null {
  const key = duplicateKey(next);
  if (key === null) return null;
  if (original && duplicateKey(original) === key) return null;
  const found = duplicateIndex(entries).get(key);
  if (found && found.id !== original?.id) return found;
  return null;
}
